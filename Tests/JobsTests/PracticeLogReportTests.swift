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
        let all = try PracticeLogReport().make(log: log, now: now)
        #expect(all.warnings == [])
        #expect(all.text == """
            /music/song.wav
              time spent     0:01:32
              sessions       1, on 1 day
              sections       2 (8 passes)
              most repeated  's2' (5 passes)
            """)
        #expect(try PracticeLogReport(days: 2).make(log: log, now: now).text == "nothing practised in the last 2 days")
    }
}
