import Foundation
import Testing
@testable import Persistence

@Suite("A plain transcript's sentences given to the sections split on silence, by length, in order")
struct TranscriptAlignmentTests {
    /// Twelve sentences of different lengths.
    static let sentences = [
        "Good morning.", "Where is the railway station, please?", "Turn left.",
        "It is about ten minutes on foot from here, past the old market.", "Thank you!", "Is it far?",
        "No, it is quite close, just behind the big church with the green tower.", "Okay.",
        "Could you show me on the map where we are right now?", "Sure.", "Have a nice day and enjoy the city.", "Bye.",
    ]

    /// Section lengths for `sentences` at 48 kHz: 14 characters a second, each ±10 % by a
    /// fixed pattern, plus 0.3 s of pauses.
    static func lengths(_ texts: [String]) -> [Int64] {
        texts.enumerated().map { i, t in
            let chars = Double(t.filter { !$0.isWhitespace }.count)
            let wobble = [1.0, 1.1, 0.9, 1.05, 0.95][i % 5]
            return Int64((chars / 14 * wobble + 0.3) * 48_000)
        }
    }

    @Test("sentences: split at . ! ? … before a space and at line ends, closing quotes kept, spaces folded")
    func splitting() {
        #expect(Transcript.sentences("Hello there.  How are you?\nFine, \"thanks!\" And you…\n\n  Good   bye") ==
                ["Hello there.", "How are you?", "Fine, \"thanks!\"", "And you…", "Good bye"])
        #expect(Transcript.sentences("3.5 metres. Done.") == ["3.5 metres.", "Done."])
        #expect(Transcript.sentences("你好。再见！") == ["你好。", "再见！"])
        #expect(Transcript(data: Data([0x43, 0x61, 0x66, 0xE9, 0x2E])) == Transcript(sentences: ["Café."], warning: "not UTF-8 text: read as Windows-1252"))
        #expect(Transcript(data: Data([0xEF, 0xBB, 0xBF] + Array("Oui. Non.".utf8))) == Transcript(sentences: ["Oui.", "Non."]))
    }

    @Test("as many sentences as sections: one each, in order")
    func oneEach() {
        let a = TranscriptAlignment(sentences: Self.sentences, lengths: Self.lengths(Self.sentences))
        #expect(a.texts == Self.sentences.map { Optional($0) })
        #expect(a.joined.isEmpty && a.empty.isEmpty)
    }

    @Test("two sentences more than sections (the split missed two pauses): those pairs are joined, the rest one each")
    func twoMore() {
        // Sections 2 (sentences 2 and 3) and 7 (sentences 8 and 9) each hold two sentences of speech.
        var lengths = Self.lengths(Self.sentences)
        lengths[1] += lengths[2]
        lengths[7] += lengths[8]
        lengths.remove(at: 8)
        lengths.remove(at: 2)
        let a = TranscriptAlignment(sentences: Self.sentences, lengths: lengths)
        var expected: [String?] = Self.sentences.map { Optional($0) }
        expected[7] = Self.sentences[7] + " " + Self.sentences[8]
        expected[1] = Self.sentences[1] + " " + Self.sentences[2]
        expected.remove(at: 8)
        expected.remove(at: 2)
        #expect(a.texts == expected)
        #expect(a.joined.map(\.section) == [1, 6])
        #expect(a.joined.map(\.sentences) == [2, 2])
        #expect(a.empty == [])
    }

    @Test("two sentences fewer than sections (missing from the transcript): those sections are left without text")
    func twoFewer() {
        let lengths = Self.lengths(Self.sentences)
        var given = Self.sentences
        given.remove(at: 8)
        given.remove(at: 3)
        let a = TranscriptAlignment(sentences: given, lengths: lengths)
        var expected: [String?] = Self.sentences.map { Optional($0) }
        expected[3] = nil
        expected[8] = nil
        #expect(a.texts == expected)
        #expect(a.empty == [3, 8])
        #expect(a.joined.isEmpty)
    }

    @Test("one section takes every sentence; no sentences leave every section without text")
    func edges() {
        #expect(TranscriptAlignment(sentences: ["A.", "B.", "C.", "D.", "E.", "F."], lengths: [48_000]).texts == ["A. B. C. D. E. F."])
        #expect(TranscriptAlignment(sentences: [], lengths: [48_000, 48_000]).texts == [nil, nil])
        #expect(TranscriptAlignment(sentences: ["A."], lengths: []).texts == [])
    }
}
