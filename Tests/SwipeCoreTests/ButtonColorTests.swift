import SwipeTestSupport
import Testing

@testable import SwipeCore

/// The one colour check (`render`, the playground's frames).
struct ButtonColorTests {
    @Test func onlyHashAnd3Or6HexDigitsAreColours() {
        for good in ["#abc", "#ABC", "#FF3B30", "#00ff7f", "#000", "#aBcDeF"] {
            #expect(SwipeButton.isHexColor(good), "\(good)")
        }
        for bad in [
            "", "#", "red", "abc", "#ab", "#abcd", "#abcdef0", "#12345g", "url(http://host/?x=secret) red", "#fff;x",
            "＃abc", "#ａbc", "#abc ", " #abc", "#\u{0}ab",
        ] {
            #expect(!SwipeButton.isHexColor(bad), "\(bad)")
        }
        expectEqual(
            SwipeButton(id: "a", title: "A", width: 10, color: "url(http://host/?x=secret) red").validColor, nil)
        expectEqual(SwipeButton(id: "a", title: "A", width: 10, color: "#FF9500").validColor, "#FF9500")
        expectEqual(SwipeButton(id: "a", title: "A", width: 10).validColor, nil)
    }

    /// A property over generated strings from the characters that matter: accepted exactly when
    /// it is `#` then 3 or 6 hex digits.
    @Test func acceptedExactlyWhenHashThenThreeOrSixHexDigits() {
        let alphabet = Array("#0123456789abcdefABCDEFgxz( );:/\u{FF03}")
        var generator = SplitMix64(seed: 11)
        for _ in 0..<5_000 {
            let text = String(
                (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let digits = text.dropFirst()
            let expected =
                text.first == "#" && (digits.count == 3 || digits.count == 6)
                && digits.allSatisfy { "0123456789abcdefABCDEF".contains($0) }
            expectEqual(SwipeButton.isHexColor(text), expected, "\(text)")
        }
    }
}
