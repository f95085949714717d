import Foundation
import Persistence
import Testing

/// `--record`: the practice log notes the takes saved of a sentence or section.
@Suite("The practice log notes takes")
struct PracticeLogTakesTests {
    static let date = Date(timeIntervalSince1970: 1_740_852_245)

    @Test("takes are written after seconds, only when there are some, and read back; a line without them reads as 0")
    func takesRoundTrip() throws {
        var entry = PracticeLogEntry(date: Self.date, file: "/l.mp3", section: "s3", index: 3, passes: 3, speed: 900, milliseconds: 12_500)
        let plain = #"{"date":"2025-03-01T18:04:05Z","mode":"shadow","file":"/l.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5}"#
        #expect(entry.jsonLine == plain)
        #expect(try PracticeLogEntry(jsonLine: plain).takes == 0)
        // An older line (no mode, no takes) reads as a shadowing line without takes.
        let old = #"{"date":"2025-03-01T18:04:05Z","file":"/l.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5}"#
        #expect(try PracticeLogEntry(jsonLine: old) == entry)
        entry.takes = 2
        let line = #"{"date":"2025-03-01T18:04:05Z","mode":"shadow","file":"/l.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5,"takes":2}"#
        #expect(entry.jsonLine == line)
        #expect(try PracticeLogEntry(jsonLine: line) == entry)
        #expect(throws: PracticeLogLineError.self) { try PracticeLogEntry(jsonLine: line.replacingOccurrences(of: "\"takes\":2", with: "\"takes\":-1")) }
    }
}
