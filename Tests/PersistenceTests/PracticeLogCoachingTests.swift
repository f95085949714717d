import Foundation
import Testing
@testable import Persistence

@Suite("The practice log's coached click lines: hits, mean, spread, missed and the gap trainer's drift")
struct PracticeLogCoachingTests {
    func at(_ text: String) -> Date { PracticeLogEntry.date(text)! }

    @Test("a coached click line has its figures after the click's fields and reads back; an older line reads as not coached")
    func lines() throws {
        var coached = PracticeLogEntry.click(date: at("2025-03-01T18:04:05Z"), milliBPM: 132_000, milliseconds: 600_000)
        coached.coaching = PracticeLogCoaching(hits: 32, meanMicroseconds: 1_250, spreadMicroseconds: 4_001, missed: 1)
        var drift = PracticeLogEntry.click(date: at("2025-03-01T18:04:05Z"), milliBPM: 90_000, milliseconds: 60_000, setlist: "gig", song: "Intro")
        drift.coaching = PracticeLogCoaching(hits: 0, meanMicroseconds: nil, spreadMicroseconds: nil, missed: 16, driftMicroseconds: -12_500)
        let plain = PracticeLogEntry.click(date: at("2025-03-01T18:04:05Z"), milliBPM: 132_000, milliseconds: 600_000)
        let expected = [
            (coached, #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":132,"seconds":600,"hits":32,"mean_ms":1.25,"spread_ms":4.001,"missed":1}"#),
            (drift, #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":90,"seconds":60,"setlist":"gig","song":"Intro","hits":0,"missed":16,"drift_ms":-12.5}"#),
            (plain, #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":132,"seconds":600}"#),
        ]
        for (entry, line) in expected {
            #expect(entry.jsonLine == line)
            #expect(try PracticeLogEntry(jsonLine: line) == entry)
        }
        #expect(try PracticeLogEntry(jsonLine: expected[2].1).coaching == nil)
    }

    @Test("a bad figure is a bad line naming the field")
    func badFigure() {
        #expect(throws: PracticeLogLineError(message: "mean_ms: expected milliseconds, not \"fast\"")) {
            try PracticeLogEntry(jsonLine: #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":90,"seconds":60,"hits":3,"mean_ms":"fast"}"#)
        }
    }
}
