import Foundation
import Testing
@testable import Persistence

@Suite("The practice log's notched time: the optional notched field, and the notched minutes per local day against a target")
struct PracticeLogNotchedTests {
    func at(_ text: String) -> Date { PracticeLogEntry.date(text)! }

    func noise(_ date: String, ms: Int64, notched: Int64) -> PracticeLogEntry {
        var e = PracticeLogEntry.noise(date: at(date), sound: "Pink Noise", milliseconds: ms)
        e.notchedMilliseconds = notched
        return e
    }

    @Test("notched ends a play or noise line when the notch was on, reads back, and is absent otherwise (old lines read as 0)")
    func lines() throws {
        var play = PracticeLogEntry(date: at("2025-03-01T18:04:05Z"), file: "/m/song.flac", section: "solo", index: 2, passes: 4,
                                    speed: 1000, milliseconds: 80_000, mode: .play)
        play.cuts = 1
        play.notchedMilliseconds = 62_500
        let notchedNoise = noise("2025-03-01T18:04:05Z", ms: 900_000, notched: 900_000)
        let plainNoise = noise("2025-03-01T18:04:05Z", ms: 900_000, notched: 0)
        let expected = [
            (play, #"{"date":"2025-03-01T18:04:05Z","mode":"play","file":"/m/song.flac","section":"solo","index":2,"passes":4,"speed":1,"seconds":80,"cuts":1,"notched":62.5}"#),
            (notchedNoise, #"{"date":"2025-03-01T18:04:05Z","mode":"noise","sound":"Pink Noise","seconds":900,"notched":900}"#),
            (plainNoise, #"{"date":"2025-03-01T18:04:05Z","mode":"noise","sound":"Pink Noise","seconds":900}"#),
        ]
        for (entry, line) in expected {
            #expect(entry.jsonLine == line)
            #expect(try PracticeLogEntry(jsonLine: line) == entry)
        }
    }

    @Test("a notched time below 0 or above the line's seconds is a bad line naming the field", arguments: [
        (#"{"date":"2025-03-01T18:04:05Z","mode":"noise","seconds":60,"notched":-1}"#, "notched: -1 is less than 0"),
        (#"{"date":"2025-03-01T18:04:05Z","mode":"noise","seconds":60,"notched":60.5}"#, "notched: 60.5 is more than seconds (60)"),
    ])
    func badNotched(line: String, message: String) {
        #expect(throws: PracticeLogLineError(message: message)) { try PracticeLogEntry(jsonLine: line) }
    }

    @Test("notched minutes per local day in America/New_York: a line ending after midnight UTC counts the evening before; the target is met at exactly 90 minutes")
    func days() {
        let entries = [
            noise("2027-01-14T01:00:00Z", ms: 3_600_000, notched: 3_600_000),   // 20:00 on the 13th in New York
            noise("2027-01-14T03:00:00Z", ms: 1_800_000, notched: 1_800_000),   // 22:00 on the 13th: 90 minutes in all
            noise("2027-01-14T15:00:00Z", ms: 6_000_000, notched: 5_399_999),   // the 14th: 1 ms short
            noise("2027-01-14T16:00:00Z", ms: 600_000, notched: 0),             // no notch: not a notched day
        ]
        let newYork = PracticeLogNotchedDays(entries: entries, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.days == [.init(date: "2027-01-13", milliseconds: 5_400_000, met: true),
                                 .init(date: "2027-01-14", milliseconds: 5_399_999, met: false)])
        let utc = PracticeLogNotchedDays(entries: entries, targetMilliseconds: 60 * 60_000, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.days == [.init(date: "2027-01-14", milliseconds: 10_799_999, met: true)])
        #expect(newYork.jsonText == """
            {
              "target": 5400,
              "days": [
                {
                  "date": "2027-01-13",
                  "seconds": 5400,
                  "met": true
                },
                {
                  "date": "2027-01-14",
                  "seconds": 5399.999,
                  "met": false
                }
              ],
              "met": 1
            }

            """)
    }
}
