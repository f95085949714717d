import Foundation
import Testing
@testable import Persistence

@Suite("The practice log: one JSON line per section practised, appended and flushed; a torn or bad line is skipped, never fatal")
struct PracticeLogTests {
    /// 2025-03-01T18:04:05Z plus `seconds`.
    func date(_ seconds: Double = 0) -> Date { Date(timeIntervalSince1970: 1_740_852_245 + seconds) }

    func entry(_ seconds: Double = 0, file: String = "/home/me/lesson.mp3", section: String = "s3", index: Int = 3,
               passes: Int = 3, speed: Int = 900, ms: Int64 = 12_500) -> PracticeLogEntry {
        PracticeLogEntry(date: date(seconds), file: file, section: section, index: index, passes: passes, speed: speed, milliseconds: ms)
    }

    static let line = #"{"date":"2025-03-01T18:04:05Z","mode":"shadow","file":"/home/me/lesson.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5}"#

    @Test("an entry is one line of JSON in a fixed key order, and reads back the same")
    func oneLine() throws {
        #expect(entry().jsonLine == Self.line)
        #expect(try PracticeLogEntry(jsonLine: Self.line) == entry())
        let odd = PracticeLogEntry(date: date(0.999), file: "/a \"b\"\n.wav", section: "la phrase", index: 12, passes: 0,
                                   speed: 1000, milliseconds: 1)
        #expect(odd.jsonLine == #"{"date":"2025-03-01T18:04:05Z","mode":"shadow","file":"/a \"b\"\n.wav","section":"la phrase","index":12,"passes":0,"speed":1,"seconds":0.001}"#)
        // Read back: the date to the whole second, the rest exactly.
        var back = odd
        back.date = date()
        #expect(try PracticeLogEntry(jsonLine: odd.jsonLine) == back)
        // Other zones, fractions of a second and unknown fields are read.
        let other = #"{"date":"2025-03-01T19:04:05.250+01:00","file":"/x.wav","section":"a","index":1,"passes":2,"speed":0.75,"seconds":3,"mode":"shadow"}"#
        #expect(try PracticeLogEntry(jsonLine: other)
            == PracticeLogEntry(date: date(0.25), file: "/x.wav", section: "a", index: 1, passes: 2, speed: 750, milliseconds: 3000))
    }

    @Test("append creates the folder and the file and adds whole lines; the log lives in $XDG_STATE_HOME/woodshed")
    func append() throws {
        let folder = try temporaryFolder()
        let log = PracticeLog(environment: ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"])
        #expect(log.url.path == folder.path + "/woodshed/practice-log.jsonl")
        #expect(PracticeLog(environment: ["XDG_STATE_HOME": "", "HOME": "/home/me"]).url.path == "/home/me/.local/state/woodshed/practice-log.jsonl")
        #expect(try log.read() == PracticeLogContents())
        try log.append(entry())
        try log.append(entry(60, section: "s4", index: 4, passes: 2, speed: 1000, ms: 8_000))
        #expect(try String(contentsOf: log.url, encoding: .utf8) == Self.line + "\n"
            + #"{"date":"2025-03-01T18:05:05Z","mode":"shadow","file":"/home/me/lesson.mp3","section":"s4","index":4,"passes":2,"speed":1,"seconds":8}"# + "\n")
        #expect(try log.read() == PracticeLogContents(entries: [entry(), entry(60, section: "s4", index: 4, passes: 2, speed: 1000, ms: 8_000)]))
    }

    @Test("a practice log that is a FIFO or a folder is refused with one line, never opened (a FIFO would wait for a reader); a link to a log is written through")
    func onlyARegularFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = PracticeLog(environment: ["XDG_STATE_HOME": folder.path])
        try FileManager.default.createDirectory(at: log.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(log.url.path, 0o644) == 0)
        #expect(throws: TextFileError(source: log.url.path, message: "can't write the practice log: it is a FIFO (named pipe), not a file")) {
            try log.append(entry())
        }
        try FileManager.default.removeItem(at: log.url)
        try FileManager.default.createDirectory(at: log.url, withIntermediateDirectories: false)
        #expect(throws: TextFileError(source: log.url.path, message: "can't write the practice log: it is a folder, not a file")) {
            try log.append(entry())
        }
        try FileManager.default.removeItem(at: log.url)
        let real = folder.appendingPathComponent("kept-log.jsonl")
        try FileManager.default.createSymbolicLink(atPath: log.url.path, withDestinationPath: real.path)
        try log.append(entry())
        #expect(try String(contentsOf: real, encoding: .utf8) == Self.line + "\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: log.url.path)) == real.path)
    }

    @Test("a torn last line is skipped with a warning; the next append starts on a line of its own")
    func tornLastLine() throws {
        let folder = try temporaryFolder()
        let log = PracticeLog(url: folder.appendingPathComponent("practice-log.jsonl"))
        let torn = String(Self.line.prefix(60))
        try Data((Self.line + "\n" + torn).utf8).write(to: log.url)
        let path = log.url.path
        #expect(try log.read() == PracticeLogContents(entries: [entry()], warnings: [
            TextFileWarning(source: path, line: 2, message: "the last line is unfinished (woodshed stopped while writing it): skipped"),
        ]))
        try log.append(entry(30))
        #expect(try String(contentsOf: log.url, encoding: .utf8) == Self.line + "\n" + torn + "\n" + entry(30).jsonLine + "\n")
        let after = try log.read()
        #expect(after.entries == [entry(), entry(30)])
        #expect(after.warnings.map(\.description) == ["\(path):2: line skipped: not valid JSON: unexpected end of file during JSON parse"])
    }

    @Test("bad lines in the middle are reported with their numbers, and the lines around them are read")
    func badLines() throws {
        let lines = [
            Self.line,
            "",
            "not json",
            Self.line.replacingOccurrences(of: "\"passes\":3", with: "\"passes\":\"x\""),
            Self.line.replacingOccurrences(of: "\"speed\":0.9,", with: ""),
            Self.line.replacingOccurrences(of: "\"speed\":0.9", with: "\"speed\":3"),
            Self.line.replacingOccurrences(of: "2025-03-01T18:04:05Z", with: "yesterday"),
            Self.line.replacingOccurrences(of: "\"seconds\":12.5", with: "\"seconds\":-1"),
            Self.line.replacingOccurrences(of: "\"index\":3", with: "\"index\":0"),
            "[1, 2]",
            entry(90).jsonLine + "\r",
        ]
        let data = Data((lines.joined(separator: "\n") + "\n").utf8) + Data([0xFF, 0x0A])
        let contents = PracticeLog.parse(data, source: "log.jsonl")
        #expect(contents.entries == [entry(), entry(90)])
        #expect(contents.warnings.map(\.description) == [
            "log.jsonl:3: line skipped: not valid JSON: invalid value",
            "log.jsonl:4: line skipped: passes: expected a whole number, not \"x\"",
            "log.jsonl:5: line skipped: speed: required, but missing",
            "log.jsonl:6: line skipped: speed: 3 is out of range: use 0.25 to 2",
            "log.jsonl:7: line skipped: date: \"yesterday\" is not a date and time (2025-03-01T18:04:05Z)",
            "log.jsonl:8: line skipped: seconds: -1 is less than 0",
            "log.jsonl:9: line skipped: index: 0 is out of range 1…1000000000",
            "log.jsonl:10: line skipped: expected an object { … }, not a list [ … ]",
            "log.jsonl:12: line skipped: not UTF-8 text",
        ])
    }

    @Test("a date with more than 9 digits of a second is refused with the line's message (ICU traps on some 33 or more)")
    func longFraction() throws {
        // make fuzz (practice-log): ISO8601DateFormatter, through ICU's SimpleDateFormat, died of
        // SIGFPE on a fraction of 35 digits; the whole process went with it.
        let long = "2025-03-01T19:04:05." + String(repeating: "1", count: 40) + "+01:00"
        let line = Self.line.replacingOccurrences(of: "2025-03-01T18:04:05Z", with: long)
        #expect(throws: PracticeLogLineError(message: "date: \"\(long)\" is not a date and time (2025-03-01T18:04:05Z)")) {
            try PracticeLogEntry(jsonLine: line)
        }
        let contents = PracticeLog.parse(Data((line + "\n" + Self.line + "\n").utf8), source: "log.jsonl")
        #expect(contents.entries == [entry()])
        #expect(contents.warnings.map(\.description) == ["log.jsonl:1: line skipped: date: \"\(long)\" is not a date and time (2025-03-01T18:04:05Z)"])
        // Nine digits (nanoseconds) are still read.
        let nine = Self.line.replacingOccurrences(of: "2025-03-01T18:04:05Z", with: "2025-03-01T19:04:05.250000000+01:00")
        #expect(try PracticeLogEntry(jsonLine: nine).date == date(0.25))
    }

    @Test("the summary: time, sessions split by breaks over 30 minutes, calendar days, sections, passes, the most repeated")
    func summary() throws {
        let utc = TimeZone(identifier: "UTC")!
        let lesson = "/home/me/lesson.mp3", song = "/home/me/song.wav"
        let entries = [
            entry(0, file: lesson, section: "s1", index: 1, passes: 3, ms: 10_000),
            entry(20, file: lesson, section: "s2", index: 2, passes: 4, ms: 15_000),
            entry(60, file: song, section: "verse", index: 1, passes: 2, ms: 30_000),
            // 31 minutes after the end of the last entry: a new session, the same day (18:35).
            entry(60 + 31 * 60 + 5, file: lesson, section: "s1", index: 1, passes: 2, ms: 5_000),
            // The next day (at 02:00 UTC).
            entry(7 * 3600 + 55 * 60 + 55, file: lesson, section: "s2", index: 2, passes: 1, ms: 4_000),
        ]
        let summary = PracticeLogSummary(entries: entries.reversed(), timeZone: utc)
        typealias T = PracticeLogSummary.Totals
        #expect(summary.files == [
            .init(file: song, totals: T(milliseconds: 30_000, sessions: 1, days: 1, sections: 1, passes: 2, entries: 1,
                                        mostRepeated: .init(file: song, section: "verse", passes: 2))),
            .init(file: lesson, totals: T(milliseconds: 34_000, sessions: 3, days: 2, sections: 2, passes: 10, entries: 4,
                                          mostRepeated: .init(file: lesson, section: "s1", passes: 5))),
        ])
        #expect(summary.overall == T(milliseconds: 64_000, sessions: 3, days: 2, sections: 3, passes: 12, entries: 5,
                                     mostRepeated: .init(file: lesson, section: "s1", passes: 5)))
        // In Tokyo (UTC+9) 18:04 and 02:00 UTC fall on the same day (03:04 and 11:00).
        #expect(PracticeLogSummary(entries: entries, timeZone: TimeZone(identifier: "Asia/Tokyo")!).overall.days == 1)
        // A tie in passes goes to the section practised first.
        let tie = PracticeLogSummary(entries: [entry(0, section: "b", passes: 2), entry(10, section: "a", passes: 2)], timeZone: utc)
        #expect(tie.overall.mostRepeated?.section == "b")
    }
}
