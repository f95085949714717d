import Foundation
import Testing
@testable import Persistence

@Suite("The practice log for every mode: click, play, shadow and noise lines, old lines, days in local time, the streak, weak spots")
struct PracticeLogModesTests {
    /// `text` (ISO 8601) as a date.
    func at(_ text: String) -> Date { PracticeLogEntry.date(text)! }

    func play(_ date: String, file: String = "/m/song.flac", section: String = "solo", passes: Int = 2, ms: Int64 = 60_000,
              cuts: Int = 0, again: Int = 0, slower: Int = 0, mode: PracticeLogEntry.Mode = .play) -> PracticeLogEntry {
        var e = PracticeLogEntry(date: at(date), file: file, section: section, index: 1, passes: passes, speed: 1000,
                                 milliseconds: ms, mode: mode)
        e.cuts = cuts
        e.again = again
        e.slower = slower
        return e
    }

    @Test("each mode writes its own line, in a fixed key order, and reads it back; a line without a mode is shadowing's")
    func lines() throws {
        var play = PracticeLogEntry(date: at("2025-03-01T18:04:05Z"), file: "/m/song.flac", section: "solo", index: 2, passes: 4,
                                    speed: 750, milliseconds: 80_000, mode: .play)
        play.cuts = 2
        play.again = 1
        play.slower = 1
        let click = PracticeLogEntry.click(date: at("2025-03-01T18:04:05Z"), milliBPM: 132_500, milliseconds: 600_000,
                                           setlist: "gig", song: "Intro")
        let plainClick = PracticeLogEntry.click(date: at("2025-03-01T18:04:05Z"), milliBPM: 120_000, milliseconds: 1_500)
        let noise = PracticeLogEntry.noise(date: at("2025-03-01T18:04:05Z"), sound: "Brown Noise", milliseconds: 900_000)
        let expected = [
            (play, #"{"date":"2025-03-01T18:04:05Z","mode":"play","file":"/m/song.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":80,"cuts":2,"again":1,"slower":1}"#),
            (click, #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":132.5,"seconds":600,"setlist":"gig","song":"Intro"}"#),
            (plainClick, #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":120,"seconds":1.5}"#),
            (noise, #"{"date":"2025-03-01T18:04:05Z","mode":"noise","sound":"Brown Noise","seconds":900}"#),
        ]
        for (entry, line) in expected {
            #expect(entry.jsonLine == line)
            #expect(try PracticeLogEntry(jsonLine: line) == entry)
        }
        // A line written before modes existed is a shadowing line.
        let old = #"{"date":"2025-03-01T18:04:05Z","file":"/x.wav","section":"a","index":1,"passes":2,"speed":0.75,"seconds":3}"#
        let read = try PracticeLogEntry(jsonLine: old)
        #expect(read == PracticeLogEntry(date: at("2025-03-01T18:04:05Z"), file: "/x.wav", section: "a", index: 1, passes: 2,
                                         speed: 750, milliseconds: 3000))
        #expect(read.mode == .shadow)
        // Old and new lines side by side in one log; a bad mode or tempo is a skipped line.
        let data = Data([old, expected[1].1, #"{"date":"2025-03-01T18:04:05Z","mode":"drums","seconds":3}"#,
                         #"{"date":"2025-03-01T18:04:05Z","mode":"click","tempo":0,"seconds":3}"#,
                         #"{"date":"2025-03-01T18:04:05Z","mode":"click","seconds":3}"#].joined(separator: "\n").utf8) + Data("\n".utf8)
        let contents = PracticeLog.parse(data, source: "log.jsonl")
        #expect(contents.entries == [read, click])
        #expect(contents.warnings.map(\.description) == [
            "log.jsonl:3: line skipped: mode: \"drums\" is not click, play, shadow, noise or listen",
            "log.jsonl:4: line skipped: tempo: 0 is not more than 0",
            "log.jsonl:5: line skipped: tempo: required, but missing",
        ])
    }

    @Test("days are calendar days in the time zone given; the streak counts days of 5 minutes or more up to today or yesterday")
    func daysAndStreak() throws {
        let entries = [
            // Two days of too little, then a gap: never part of the streak.
            PracticeLogEntry.click(date: at("2025-03-05T15:00:00Z"), milliBPM: 100_000, milliseconds: 600_000),
            // 2025-03-06 15:00 in New York: only 4 minutes.
            PracticeLogEntry.noise(date: at("2025-03-06T20:00:00Z"), sound: nil, milliseconds: 240_000),
            // 23:30 on 2025-03-07 in New York (UTC−5), 2025-03-08 in UTC.
            PracticeLogEntry.click(date: at("2025-03-08T04:30:00Z"), milliBPM: 120_000, milliseconds: 360_000),
            // 2025-03-08 22:00 in New York: 3 + 2 minutes.
            play("2025-03-09T03:00:00Z", ms: 180_000),
            PracticeLogEntry.noise(date: at("2025-03-09T03:00:00Z"), sound: nil, milliseconds: 120_000),
            // 23:59 on 2025-03-09 in New York, after the clock went forward (UTC−4).
            play("2025-03-10T03:59:00Z", ms: 300_000, mode: .shadow),
        ]
        let now = at("2025-03-10T12:00:00Z")
        let newYork = PracticeLogDays(entries: entries, now: now, timeZone: TimeZone(identifier: "America/New_York")!)
        typealias Day = PracticeLogDays.Day
        #expect(newYork.days == [
            Day(date: "2025-03-05", milliseconds: 600_000, modes: [(.click, 600_000)]),
            Day(date: "2025-03-06", milliseconds: 240_000, modes: [(.noise, 240_000)]),
            Day(date: "2025-03-07", milliseconds: 360_000, modes: [(.click, 360_000)]),
            Day(date: "2025-03-08", milliseconds: 300_000, modes: [(.play, 180_000), (.noise, 120_000)]),
            Day(date: "2025-03-09", milliseconds: 300_000, modes: [(.shadow, 300_000)]),
        ])
        // Today (2025-03-10, 08:00 there) has nothing yet: the streak runs to yesterday, over the clock change.
        #expect(newYork.streak == 3)
        #expect(newYork.streakThrough == "2025-03-09")
        // In UTC the same entries fall a day later, and today has its 5 minutes.
        let utc = PracticeLogDays(entries: entries, now: now, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.days.map(\.date) == ["2025-03-05", "2025-03-06", "2025-03-08", "2025-03-09", "2025-03-10"])
        #expect(utc.streak == 3)
        #expect(utc.streakThrough == "2025-03-10")
        // Two days later the streak is over; with nothing at all it is 0.
        let later = PracticeLogDays(entries: entries, now: at("2025-03-12T12:00:00Z"), timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(later.streak == 0)
        #expect(later.streakThrough == nil)
        #expect(PracticeLogDays(entries: [], now: now).streak == 0)
        // 4:59 is not enough for a day of the streak; 5:00 is.
        let short = [play("2025-03-10T10:00:00Z", ms: 299_999)]
        #expect(PracticeLogDays(entries: short, now: now, timeZone: TimeZone(identifier: "UTC")!).streak == 0)
        let enough = [play("2025-03-10T10:00:00Z", ms: 300_000)]
        #expect(PracticeLogDays(entries: enough, now: now, timeZone: TimeZone(identifier: "UTC")!).streak == 1)
    }

    @Test("weak spots: the sections moved as bad cuts, asked for again or slower most in the last 14 days")
    func weakSpots() throws {
        let now = at("2025-03-20T12:00:00Z")
        let entries = [
            // 15 days ago: outside the window.
            play("2025-03-05T11:00:00Z", section: "old", cuts: 9),
            play("2025-03-10T12:00:00Z", section: "verse", cuts: 1, again: 1),
            play("2025-03-11T12:00:00Z", section: "solo", again: 2, slower: 1),
            play("2025-03-12T12:00:00Z", section: "verse", slower: 1),
            play("2025-03-13T12:00:00Z", file: "/m/lesson.mp3", section: "s4", cuts: 3, mode: .shadow),
            play("2025-03-14T12:00:00Z", section: "intro"),
            PracticeLogEntry.click(date: at("2025-03-14T12:00:00Z"), milliBPM: 120_000, milliseconds: 60_000),
        ]
        typealias Spot = PracticeLogWeakSpots.Spot
        #expect(PracticeLogWeakSpots(entries: entries, now: now).spots == [
            // 3 each: the most recently practised first.
            Spot(file: "/m/lesson.mp3", section: "s4", cuts: 3, again: 0, slower: 0),
            Spot(file: "/m/song.flac", section: "verse", cuts: 1, again: 1, slower: 1),
            Spot(file: "/m/song.flac", section: "solo", cuts: 0, again: 2, slower: 1),
        ])
        #expect(PracticeLogWeakSpots(entries: entries, now: now, limit: 1).spots.map(\.section) == ["s4"])
    }

    @Test("time per file and section, per tempo and song, and the noise; as JSON")
    func timesAndJSON() throws {
        let entries = [
            play("2025-03-10T12:00:00Z", section: "verse", passes: 3, ms: 30_000, cuts: 1),
            play("2025-03-10T12:01:00Z", section: "solo", passes: 2, ms: 20_500),
            play("2025-03-10T12:02:00Z", section: "verse", passes: 1, ms: 10_000),
            PracticeLogEntry.click(date: at("2025-03-10T13:00:00Z"), milliBPM: 132_000, milliseconds: 120_000, setlist: "gig", song: "Intro"),
            PracticeLogEntry.click(date: at("2025-03-10T13:05:00Z"), milliBPM: 90_500, milliseconds: 60_000),
            PracticeLogEntry.noise(date: at("2025-03-10T14:00:00Z"), sound: "Brown Noise", milliseconds: 900_000),
        ]
        let times = PracticeLogTimes(entries: entries)
        #expect(times.files == [PracticeLogTimes.FileTime(file: "/m/song.flac", milliseconds: 60_500, sections: [
            .init(section: "verse", milliseconds: 40_000, passes: 4), .init(section: "solo", milliseconds: 20_500, passes: 2),
        ])])
        #expect(times.tempos.map(\.milliBPM) == [90_500, 132_000])
        #expect(times.tempos.map(\.milliseconds) == [60_000, 120_000])
        #expect(times.songs == [.init(setlist: "gig", song: "Intro", milliseconds: 120_000)])
        #expect(times.clickMilliseconds == 180_000)
        #expect(times.noiseMilliseconds == 900_000)
        let overview = PracticeLogOverview(entries: entries, now: at("2025-03-10T20:00:00Z"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(overview.jsonText == """
            {
              "files": [
                {
                  "file": "/m/song.flac",
                  "seconds": 60.5,
                  "sections": [
                    {
                      "section": "verse",
                      "seconds": 40,
                      "passes": 4
                    },
                    {
                      "section": "solo",
                      "seconds": 20.5,
                      "passes": 2
                    }
                  ]
                }
              ],
              "click": {
                "seconds": 180,
                "tempos": [
                  {
                    "tempo": 90.5,
                    "seconds": 60
                  },
                  {
                    "tempo": 132,
                    "seconds": 120
                  }
                ],
                "songs": [
                  {
                    "setlist": "gig",
                    "song": "Intro",
                    "seconds": 120
                  }
                ]
              },
              "noise": {
                "seconds": 900
              },
              "listen": {
                "seconds": 0
              },
              "days": [
                {
                  "date": "2025-03-10",
                  "seconds": 1140.5,
                  "modes": {
                    "click": 180,
                    "play": 60.5,
                    "noise": 900
                  }
                }
              ],
              "streak": {
                "days": 1,
                "through": "2025-03-10"
              },
              "weakSpots": [
                {
                  "file": "/m/song.flac",
                  "section": "verse",
                  "cuts": 1,
                  "again": 0,
                  "slower": 0
                }
              ]
            }

            """)
    }
}
