import Testing
@testable import TerminalUI

@Suite("Decoding the bytes a terminal sends into keys")
struct KeyReaderTests {
    static let esc: UInt8 = 0x1B

    /// Every sequence the reader knows, with the key it means.
    static let sequences: [(bytes: [UInt8], key: Key)] = [
        (Array("q".utf8), .char("q")),
        (Array("+".utf8), .char("+")),
        (Array("ä".utf8), .char("ä")),
        (Array("€".utf8), .char("€")),
        ([0x20], .space),
        ([0x0D], .enter),
        ([0x0A], .enter),
        ([0x7F], .backspace),
        ([0x08], .backspace),
        ([0x03], .ctrlC),
        ([esc] + Array("[A".utf8), .up),
        ([esc] + Array("[B".utf8), .down),
        ([esc] + Array("[C".utf8), .right),
        ([esc] + Array("[D".utf8), .left),
        ([esc] + Array("[5~".utf8), .pageUp),
        ([esc] + Array("[6~".utf8), .pageDown),
        ([esc] + Array("[H".utf8), .home),
        ([esc] + Array("[F".utf8), .end),
        ([esc] + Array("[1~".utf8), .home),
        ([esc] + Array("[4~".utf8), .end),
        ([esc] + Array("[7~".utf8), .home),
        ([esc] + Array("[8~".utf8), .end),
        ([esc] + Array("OA".utf8), .up),
        ([esc] + Array("OB".utf8), .down),
        ([esc] + Array("OC".utf8), .right),
        ([esc] + Array("OD".utf8), .left),
        ([esc] + Array("OH".utf8), .home),
        ([esc] + Array("OF".utf8), .end),
        ([esc] + Array("[1;5A".utf8), .up),
        ([esc] + Array("[3~".utf8), .unknown),
        ([esc] + Array("[15~".utf8), .unknown),
        ([esc] + Array("[[A".utf8), .unknown),
        ([esc] + Array("x".utf8), .unknown),
        ([0x09], .unknown),
        ([0x01], .unknown),
    ]

    @Test("each key's bytes in one read decode to that key, with nothing left pending")
    func wholeSequences() {
        for (bytes, key) in Self.sequences {
            var reader = KeyReader()
            #expect(reader.feed(bytes) == [key], "bytes \(bytes)")
            #expect(!reader.hasPending, "bytes \(bytes)")
        }
    }

    @Test("each key's bytes split across two reads, at every point, still decode to that key")
    func splitSequences() {
        for (bytes, key) in Self.sequences where bytes.count > 1 {
            for split in 1..<bytes.count {
                var reader = KeyReader()
                let first = reader.feed(Array(bytes[..<split]))
                #expect(first == [], "bytes \(bytes) split at \(split)")
                #expect(reader.hasPending)
                #expect(reader.feed(Array(bytes[split...])) == [key], "bytes \(bytes) split at \(split)")
                #expect(!reader.hasPending)
            }
        }
    }

    @Test("a sequence fed one byte at a time decodes once its last byte comes")
    func byteByByte() {
        var reader = KeyReader()
        var keys: [Key] = []
        for byte in [Self.esc] + Array("[6~".utf8) { keys += reader.feed([byte]) }
        #expect(keys == [.pageDown])
    }

    @Test("keys typed quickly arrive in one read and decode in order")
    func stream() {
        var reader = KeyReader()
        let bytes: [UInt8] = Array("q".utf8) + [Self.esc] + Array("[A".utf8) + [0x20, Self.esc] + Array("OD".utf8) + [0x0D, 0x03]
        #expect(reader.feed(bytes) == [.char("q"), .up, .space, .left, .enter, .ctrlC])
    }

    @Test("a lone ESC waits, then is Escape when flushed")
    func loneEscape() {
        var reader = KeyReader()
        #expect(reader.feed([Self.esc]) == [])
        #expect(reader.hasPending)
        #expect(reader.flushPending() == [.escape])
        #expect(!reader.hasPending)
        #expect(reader.flushPending() == [])
    }

    @Test("ESC followed by ESC: the first is Escape, the second waits")
    func doubleEscape() {
        var reader = KeyReader()
        #expect(reader.feed([Self.esc, Self.esc]) == [.escape])
        #expect(reader.flushPending() == [.escape])
    }

    @Test("ESC then a key after the flush: Escape, then the key")
    func escapeThenKey() {
        var reader = KeyReader()
        #expect(reader.feed([Self.esc]) == [])
        #expect(reader.flushPending() == [.escape])
        #expect(reader.feed(Array("[".utf8)) == [.char("[")])
    }

    @Test("an unfinished escape sequence that times out is one unknown key")
    func unfinishedSequence() {
        var reader = KeyReader()
        #expect(reader.feed([Self.esc] + Array("[1".utf8)) == [])
        #expect(reader.flushPending() == [.unknown])
        #expect(reader.feed(Array("a".utf8)) == [.char("a")])
    }

    @Test("a broken CSI is dropped and the byte that broke it decodes anew")
    func brokenSequence() {
        var reader = KeyReader()
        #expect(reader.feed([Self.esc] + Array("[1".utf8) + [0x03]) == [.unknown, .ctrlC])
    }

    @Test("bytes that are not UTF-8 are unknown keys, and decoding goes on")
    func invalidUTF8() {
        var reader = KeyReader()
        #expect(reader.feed([0xFF, 0xC3, 0x41]) == [.unknown, .unknown, .char("A")])
    }
}
