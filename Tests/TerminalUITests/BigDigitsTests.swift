import Testing
@testable import TerminalUI

@Suite("Big digits for the tempo")
struct BigDigitsTests {
    @Test("120 is three 4-column glyphs, one space apart, 5 rows tall")
    func oneTwenty() {
        #expect(BigDigits.render("120") == [
            "  █  ████ ████",
            " ██     █ █  █",
            "  █  ████ █  █",
            "  █  █    █  █",
            " ███ ████ ████",
        ])
    }

    @Test("97.5 has a 2-column decimal point")
    func decimalPoint() {
        #expect(BigDigits.render("97.5") == [
            "████ ████    ████",
            "█  █    █    █   ",
            "████   █     ████",
            "   █  █         █",
            "████  █   ██ ████",
        ])
    }

    @Test("every digit is 4 columns by 5 rows")
    func glyphSizes() {
        for digit in "0123456789" {
            let glyph = BigDigits.glyph(for: digit)
            #expect(glyph.count == BigDigits.height)
            #expect(glyph.allSatisfy { $0.count == 4 }, "digit \(digit)")
        }
    }

    @Test("a character without a glyph is blank; no text is 5 empty rows")
    func unknownAndEmpty() {
        #expect(BigDigits.render("x") == Array(repeating: "    ", count: 5))
        #expect(BigDigits.render("") == Array(repeating: "", count: 5))
    }
}
