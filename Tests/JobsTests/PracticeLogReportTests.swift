import Foundation
import Jobs
import Persistence
import Testing

/// `woodshed log`'s text from the practice log.
@Suite("PracticeLogReport: the practice log summed up")
struct PracticeLogReportTests {
    @Test("one file's totals; an empty log; a --days window with nothing in it")
    func report() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = PracticeLog(url: folder.appendingPathComponent("practice-log.jsonl"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try PracticeLogReport().make(log: log, now: now).text == "nothing practised yet (the log is \(log.url.path))")
        let start = now.addingTimeInterval(-3 * 86_400)
        try log.append(PracticeLogEntry(date: start, file: "/music/song.wav", section: "s1", index: 1, passes: 3, speed: 1000,
                                        milliseconds: 61_500))
        try log.append(PracticeLogEntry(date: start.addingTimeInterval(70), file: "/music/song.wav", section: "s2", index: 2, passes: 5,
                                        speed: 800, milliseconds: 30_000))
        let all = try PracticeLogReport().make(log: log, now: now, timeZone: TimeZone(identifier: "UTC")!)
        #expect(all.warnings == [])
        #expect(all.text == """
            /music/song.wav
              time spent     0:01:32
              sessions       1, on 1 day
              sections       2 (8 passes)
              most repeated  's2' (5 passes)
              time per section
                's1'         0:01:02 (3 passes)
                's2'         0:00:30 (5 passes)

            days (local time)
              2027-01-12     0:01:32  shadow 0:01:32
            streak           0 days of 5 minutes or more

            weak spots (last 14 days)
              none: no bad cuts, agains or slower passes
            """)
        #expect(try PracticeLogReport(days: 2).make(log: log, now: now).text == "nothing practised in the last 2 days")
    }

    @Test("every mode in one report: files and sections, the click per tempo and song, the noise, days in the zone given, the streak, weak spots; --json")
    func everyMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = PracticeLog(url: folder.appendingPathComponent("practice-log.jsonl"))
        // Old lines (shadowing's, without a mode) and new ones side by side.
        let lines = [
            #"{"date":"2027-01-13T21:00:00Z","file":"/m/lesson.mp3","section":"s4","index":4,"passes":3,"speed":0.9,"seconds":200}"#,
            #"{"date":"2027-01-14T12:00:00Z","mode":"play","file":"/m/song.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":240,"cuts":2,"again":1,"slower":1}"#,
            #"{"date":"2027-01-14T12:30:00Z","mode":"click","tempo":132,"seconds":360,"setlist":"gig","song":"Intro"}"#,
            #"{"date":"2027-01-15T01:00:00Z","mode":"noise","sound":"Brown Noise","seconds":300}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log.url)
        // 2027-01-15T08:00:00Z; in New York (UTC−5) the noise falls on the 14th, the lesson on the 13th.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let report = try PracticeLogReport().make(log: log, now: now, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(report.warnings == [])
        #expect(report.text == """
            /m/lesson.mp3
              time spent     0:03:20
              sessions       1, on 1 day
              sections       1 (3 passes)
              most repeated  's4' (3 passes)
              time per section
                's4'         0:03:20 (3 passes)

            /m/song.flac
              time spent     0:04:00
              sessions       1, on 1 day
              sections       1 (4 passes)
              most repeated  'solo' (4 passes)
              time per section
                'solo'       0:04:00 (4 passes)

            all 2 files
              time spent     0:07:20
              sessions       2, on 2 days
              sections       2 (7 passes)
              most repeated  'solo' in song.flac (4 passes)

            click
              time spent     0:06:00
              tempos         132 BPM 0:06:00
              songs          'Intro' (gig) 0:06:00

            noise
              time spent     0:05:00

            days (local time)
              2027-01-13     0:03:20  shadow 0:03:20
              2027-01-14     0:15:00  click 0:06:00 · play 0:04:00 · noise 0:05:00
            streak           1 day of 5 minutes or more, through 2027-01-14

            weak spots (last 14 days)
              'solo' in song.flac  2 bad cuts · again 1× · slower 1×
            """)
        let json = try PracticeLogReport(json: true).make(log: log, now: now, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(json.text.hasPrefix("{\n  \"files\": [\n"))
        #expect(json.text.hasSuffix("""
              "streak": {
                "days": 1,
                "through": "2027-01-14"
              },
              "weakSpots": [
                {
                  "file": "/m/song.flac",
                  "section": "solo",
                  "cuts": 2,
                  "again": 1,
                  "slower": 1
                }
              ]
            }
            """))
        #expect(try PracticeLogReport(file: "/m/lesson.mp3", json: true).make(log: log, now: now).text.contains("\"click\": {\n    \"seconds\": 0,"))
    }
}
