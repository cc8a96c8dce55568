/// A small XML well-formedness checker for the JUnit report: the declaration, one root element,
/// properly nested and matching tags, attributes quoted and unique per element, `<` never in
/// text or attribute values, every `&` a known entity or character reference, and only
/// characters XML 1.0 allows (no C0 controls but tab, LF, CR; no U+FFFE/U+FFFF).
struct XMLCheck {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var stack: [String] = []
    private var testcases = 0

    static func wellFormed(_ text: String, testcases expected: Int) {
        var check = XMLCheck(scalars: Array(text.unicodeScalars))
        do throws(Failure) {
            try check.document()
        } catch {
            let start = max(0, error.at - 60)
            let context = String(
                String.UnicodeScalarView(check.scalars[start..<min(check.scalars.count, error.at + 60)]))
            fuzzFailure(
                "JUnit XML is not well-formed: \(error.message) at scalar \(error.at), near \(context.debugDescription)"
            )
        }
        if check.testcases != expected {
            fuzzFailure("JUnit XML has \(check.testcases) <testcase> elements for \(expected) results")
        }
    }

    struct Failure: Error { var message: String; var at: Int }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    private func fail(_ message: String) -> Failure { Failure(message: message, at: position) }

    private func starts(with literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func expect(_ literal: String) throws(Failure) {
        guard starts(with: literal) else { throw fail("expected \(literal.debugDescription)") }
        position += literal.unicodeScalars.count
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private mutating func skipSpace() {
        while let scalar = current, scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
            position += 1
        }
    }

    private mutating func document() throws(Failure) {
        for scalar in scalars where !Self.isAllowed(scalar) {
            throw Failure(
                message: "a character XML forbids (U+\(String(scalar.value, radix: 16)))",
                at: scalars.firstIndex(of: scalar) ?? 0)
        }
        try expect("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        skipSpace()
        try element()
        skipSpace()
        if position != scalars.count { throw fail("text after the root element") }
    }

    private mutating func name() throws(Failure) -> String {
        var text = ""
        while let scalar = current,
            scalar.properties.isAlphabetic || scalar == "_" || scalar == ":"
                || (!text.isEmpty && (scalar == "-" || scalar == "." || ("0"..."9").contains(scalar)))
        {
            text.unicodeScalars.append(scalar)
            position += 1
        }
        if text.isEmpty { throw fail("expected a name") }
        return text
    }

    private mutating func reference() throws(Failure) {
        try expect("&")
        for entity in ["amp;", "lt;", "gt;", "quot;", "apos;"] where starts(with: entity) {
            position += entity.unicodeScalars.count
            return
        }
        try expect("#")
        let hex = current == "x"
        if hex { position += 1 }
        var digits = ""
        while let scalar = current, hex ? scalar.properties.isASCIIHexDigit : ("0"..."9").contains(scalar) {
            digits.unicodeScalars.append(scalar)
            position += 1
        }
        try expect(";")
        guard let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value),
            Self.isAllowed(scalar)
        else {
            throw fail("a character reference to a character XML forbids")
        }
    }

    private mutating func element() throws(Failure) {
        try expect("<")
        let tag = try name()
        if tag == "testcase" { testcases += 1 }
        var attributes: Set<String> = []
        while true {
            let hadSpace = current == " "
            skipSpace()
            if starts(with: "/>") { position += 2; return }
            if current == ">" { position += 1; break }
            guard hadSpace else { throw fail("expected a space before an attribute") }
            let attribute = try name()
            guard attributes.insert(attribute).inserted else { throw fail("attribute \(attribute) repeated") }
            try expect("=\"")
            while let scalar = current, scalar != "\"" {
                if scalar == "<" { throw fail("< in an attribute value") }
                if scalar == "&" { try reference() } else { position += 1 }
            }
            try expect("\"")
        }
        stack.append(tag)
        defer { stack.removeLast() }
        while true {
            guard let scalar = current else { throw fail("<\(tag)> is not closed") }
            if starts(with: "</") {
                position += 2
                let closing = try name()
                guard closing == tag else { throw fail("</\(closing)> closes <\(tag)>") }
                skipSpace()
                try expect(">")
                return
            }
            if starts(with: "]]>") { throw fail("]]> in text") }
            switch scalar {
            case "<": try element()
            case "&": try reference()
            default: position += 1
            }
        }
    }
}
