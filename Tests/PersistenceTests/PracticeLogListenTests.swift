import Foundation
import Testing
@testable import Persistence

@Suite("The practice log's listen lines: a playlist's track listened to, read back, summed apart from practice, counted in the notched minutes")
struct PracticeLogListenTests {
    func at(_ text: String) -> Date { PracticeLogEntry.date(text)! }

    func listen(_ date: String, track: Int, ms: Int64, notched: Int64 = 0, playlist: String? = "sleep") -> PracticeLogEntry {
        var e = PracticeLogEntry.listen(date: at(date), playlist: playlist, file: "/m/rain \(track).flac", track: track, milliseconds: ms)
        e.notchedMilliseconds = notched
        return e
    }

    @Test("a listen line names the playlist, the track's file and number, its seconds and notched time, and reads back")
    func lines() throws {
        let expected = [
            (listen("2025-03-01T18:04:05Z", track: 2, ms: 1_800_500, notched: 1_700_000),
             #"{"date":"2025-03-01T18:04:05Z","mode":"listen","playlist":"sleep","file":"/m/rain 2.flac","track":2,"seconds":1800.5,"notched":1700}"#),
            (listen("2025-03-01T18:04:05Z", track: 1, ms: 12_000, playlist: nil),
             #"{"date":"2025-03-01T18:04:05Z","mode":"listen","file":"/m/rain 1.flac","track":1,"seconds":12}"#),
        ]
        for (entry, line) in expected {
            #expect(entry.jsonLine == line)
            #expect(try PracticeLogEntry(jsonLine: line) == entry)
        }
    }

    @Test("a listen line without a file or a track from 1 is a bad line naming the field", arguments: [
        (#"{"date":"2025-03-01T18:04:05Z","mode":"listen","track":1,"seconds":60}"#, "file: required, but missing"),
        (#"{"date":"2025-03-01T18:04:05Z","mode":"listen","file":"/m/a.flac","track":0,"seconds":60}"#, "track: 0 is out of range 1…1000000000"),
    ])
    func badLines(line: String, message: String) {
        #expect(throws: PracticeLogLineError(message: message)) { try PracticeLogEntry(jsonLine: line) }
    }

    @Test("listening is summed on its own, counts in the day's modes, not in the sections or the weak spots, and its notched time counts per day")
    func sums() {
        let entries = [listen("2027-01-14T10:00:00Z", track: 1, ms: 600_000, notched: 600_000),
                       listen("2027-01-14T10:30:00Z", track: 2, ms: 300_000, notched: 0)]
        let overview = PracticeLogOverview(entries: entries, now: at("2027-01-14T12:00:00Z"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(overview.times.listenMilliseconds == 900_000)
        #expect(overview.times.files.isEmpty)
        #expect(overview.summary.files.isEmpty)
        #expect(overview.weakSpots.spots.isEmpty)
        #expect(overview.days.days.map(\.milliseconds) == [900_000])
        #expect(overview.days.days.first?.modes.map(\.mode) == [.listen])
        let notched = PracticeLogNotchedDays(entries: entries, timeZone: TimeZone(identifier: "UTC")!)
        #expect(notched.days == [.init(date: "2027-01-14", milliseconds: 600_000, met: false)])
    }
}
