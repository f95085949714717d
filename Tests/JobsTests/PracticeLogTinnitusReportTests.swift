import Foundation
import Jobs
import Persistence
import Testing

/// `woodshed log --tinnitus [--target T]`'s text and JSON from the practice log.
@Suite("PracticeLogReport --tinnitus: the notched minutes per local day against the daily target")
struct PracticeLogTinnitusReportTests {
    @Test("a line per day with notched listening, met or how many minutes short; old lines and lines without a notch count nothing; --json")
    func tinnitus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-tinlog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = PracticeLog(url: folder.appendingPathComponent("practice-log.jsonl"))
        let newYork = TimeZone(identifier: "America/New_York")!
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try PracticeLogReport(tinnitusTargetMinutes: 90).make(log: log, now: now, timeZone: newYork).text == """
            notched listening per day (local time), target 90 minutes
              none yet: --notch on play, noise or playlist play counts its minutes
            """)
        let lines = [
            #"{"date":"2027-01-13T21:00:00Z","file":"/m/lesson.mp3","section":"s4","index":4,"passes":3,"speed":0.9,"seconds":200}"#,
            #"{"date":"2027-01-14T01:00:00Z","mode":"noise","sound":"Pink Noise","seconds":3600,"notched":3600}"#,
            #"{"date":"2027-01-14T03:00:00Z","mode":"play","file":"/m/song.flac","section":"solo","index":2,"passes":4,"speed":1,"seconds":2000,"notched":1800}"#,
            #"{"date":"2027-01-14T15:00:00Z","mode":"noise","sound":"Pink Noise","seconds":2730,"notched":2730.5}"#,
            #"{"date":"2027-01-15T01:00:00Z","mode":"noise","sound":"Brown Noise","seconds":300}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log.url)
        let report = try PracticeLogReport(tinnitusTargetMinutes: 90).make(log: log, now: now, timeZone: newYork)
        #expect(report.warnings == ["\(log.url.path):4: line skipped: notched: 2730.5 is more than seconds (2730)"])
        #expect(report.text == """
            notched listening per day (local time), target 90 minutes
              2027-01-13       90 min  target met
            target met on 1 of 1 day
            """)
        try Data((lines.dropLast(2).joined(separator: "\n") + "\n"
                  + #"{"date":"2027-01-14T15:00:00Z","mode":"noise","sound":"Pink Noise","seconds":2730,"notched":2729.5}"#
                  + "\n").utf8).write(to: log.url)
        let two = try PracticeLogReport(tinnitusTargetMinutes: 60).make(log: log, now: now, timeZone: newYork)
        #expect(two.warnings == [])
        #expect(two.text == """
            notched listening per day (local time), target 60 minutes
              2027-01-13       90 min  target met
              2027-01-14       45 min  15 min short
            target met on 1 of 2 days
            """)
        let json = try PracticeLogReport(json: true, tinnitusTargetMinutes: 60).make(log: log, now: now, timeZone: newYork)
        #expect(json.text == """
            {
              "target": 3600,
              "days": [
                {
                  "date": "2027-01-13",
                  "seconds": 5400,
                  "met": true
                },
                {
                  "date": "2027-01-14",
                  "seconds": 2729.5,
                  "met": false
                }
              ],
              "met": 1
            }
            """)
    }
}
