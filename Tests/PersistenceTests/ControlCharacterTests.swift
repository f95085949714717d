import Testing
@testable import Persistence

@Suite("Error and warning lines show a file's control characters escaped, so a hostile file can't drive the terminal")
struct ControlCharacterTests {
    @Test("C0 controls, DEL and C1 controls are written as \\u{…}; everything else (a backslash, é) stays")
    func escaped() {
        #expect("plain é {\\an8} ✓".escapingControlCharacters() == "plain é {\\an8} ✓")
        #expect("\u{1B}[2J\u{0}\u{7}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}".escapingControlCharacters()
            == #"\u{1B}[2J\u{0}\u{7}\u{7F}\u{80}\u{9B}\u{9F}"# + "\u{A0}")
        #expect("a\tb\r\nc".escapingControlCharacters() == #"a\u{9}b\u{D}\u{A}c"#)
    }

    @Test("TextFileError, TextFileWarning and JSONFileError escape the file name and the message")
    func inMessages() {
        #expect(TextFileWarning(source: "a\tb.srt", line: 3, message: "\u{9B}31m \u{0} é {\\an8}").description
            == #"a\u{9}b.srt:3: \u{9B}31m \u{0} é {\an8}"#)
        #expect(TextFileError(source: "a.txt", message: "line\nbreak\r").description == #"a.txt: line\u{A}break\u{D}"#)
        #expect(JSONFileError(source: "m.json", field: "a", message: "unknown action \"\u{1B}[K\"").description
            == #"m.json: a: unknown action "\u{1B}[K""#)
    }
}
