import Foundation
import SwipeCore
import SwipeScript
import SwipeTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// ``XMLText``, the one XML escaper (the JUnit report, the rendered SVG).
struct XMLTextTests {
    @Test func markupBecomesReferences() {
        expectEqual(XMLText.escaped("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
        expectEqual(XMLText.escaped("a<b & \"c\" 'd'>", attribute: false), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
    }

    @Test func lineBreaksAndTabsAreReferencesWhereAReaderWouldChangeThem() {
        expectEqual(XMLText.escaped("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d")
        expectEqual(XMLText.escaped("a\tb\nc\rd", attribute: false), "a&#9;b\nc&#13;d")
        // A CR LF pair is one Character to Swift; it is escaped scalar by scalar.
        expectEqual(XMLText.escaped("a\r\nb"), "a&#13;&#10;b")
    }

    @Test func charactersXMLForbidsAreDropped() {
        expectEqual(XMLText.escaped("x\u{0}y\u{1}\u{1B}z\u{FFFE}\u{FFFF}."), "xyz.")
        expectEqual(XMLText.escaped("é \u{7F} \u{9B} \u{1F600}"), "é \u{7F} \u{9B} \u{1F600}")
    }

    /// Property: over generated text heavy with markup, line breaks, controls and non-ASCII, a
    /// document with the escaped text as an attribute and as an element's text parses, and the
    /// parser gives back the text without the characters XML forbids, both ways.
    @Test func aParserReadsBackWhatWasEscaped() throws {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "&", "<", ">", "\"", "'", ";", "#", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}",
            "é", "\u{7F}", "\u{85}", "\u{2028}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{1F600}", "]", "]]>",
        ].flatMap { $0.unicodeScalars.map { $0 } }
        var random = SplitMix64(seed: 21)
        for _ in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            let input = String(text)
            let allowed = String(
                String.UnicodeScalarView(
                    input.unicodeScalars.filter {
                        !($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") && $0.value != 0xFFFE
                            && $0.value != 0xFFFF
                    }))
            let xml = "<a v=\"\(XMLText.escaped(input))\">\(XMLText.escaped(input, attribute: false))</a>"
            let reader = Reader()
            let parser = XMLParser(data: Data(xml.utf8))
            parser.delegate = reader
            #expect(parser.parse(), "\(xml.debugDescription)")
            expectEqual(reader.attribute, allowed, "\(input.debugDescription)")
            expectEqual(reader.text, allowed, "\(input.debugDescription)")
        }
    }
}

private final class Reader: NSObject, XMLParserDelegate {
    var attribute: String?
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        attribute = attributes["v"]
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
