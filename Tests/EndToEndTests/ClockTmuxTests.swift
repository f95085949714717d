import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed clock` as a sleeper sees it: the screen in a real terminal, two alarms a few seconds
/// off (UTC, so the test knows the wall clock's digits), snoozed with s and stopped with space.
@Suite("The clock screen in a terminal (tmux)", .serialized)
struct ClockTmuxTests {
    @Test("big digits, the date, the next alarm and the sound's time left; s snoozes the first alarm, space stops the second, q quits")
    func clockScreen() throws {
        let config = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: config) }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let start = Date().addingTimeInterval(8).timeIntervalSince1970.rounded(.up)
        func parts(_ t: Double) -> (date: String, time: String) {
            let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: t))
            func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
            return ("\(c.year!)-\(two(c.month))-\(two(c.day))", "\(two(c.hour)):\(two(c.minute)):\(two(c.second))")
        }
        let first = parts(start), second = parts(start + 8)
        let folder = config.appendingPathComponent("woodshed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            {"schemaVersion": 1, "alarms": [
              {"id": 1, "time": "\(first.time)", "days": "once", "date": "\(first.date)", "label": "first", "sound": "beep", "volume": 50, "snoozeMinutes": 1, "enabled": true},
              {"id": 2, "time": "\(second.time)", "days": "once", "date": "\(second.date)", "label": "second", "sound": "beep", "volume": 50, "snoozeMinutes": 5, "enabled": true}
            ]}
            """.utf8).write(to: folder.appendingPathComponent("alarms.json"))
        let term = try TmuxClick(columns: 100, rows: 30, arguments: ["clock", "--24h", "--sound", "brown", "--until-alarm"],
                                 environment: ["XDG_CONFIG_HOME": config.path, "TZ": "UTC"])
        defer { term.close() }
        let firstText = "\(first.time) once \(first.date) \"first\"", secondText = "\(second.time) once \(second.date) \"second\""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc.timeZone
        formatter.dateFormat = "EEEE d MMMM yyyy"
        try term.expectScreen("the digits, the date, the first alarm next and the brown noise's time left") { screen in
            // Five rows of big digits: each has blocks (a row of "10:10" may hold only single ones);
            // the colon's upper dot is a double block on the second row.
            screen.count == 30 && screen[0..<5].allSatisfy { $0.contains("█") } && screen[1].contains("██ ")
                && screen[6] == formatter.string(from: Date())
                && screen[8].hasPrefix("Next alarm: \(firstText) at \(first.time.prefix(5)) ")
                && screen.contains { $0.hasPrefix("Now: Brown Noise (0:") && $0.hasSuffix(" left, fading out over the last minute)") }
                && screen.contains("s snooze · space stop · q/Esc quit")
        }
        let ringing = "RINGING: \(firstText) · s snooze 1 min · space stop"
        try Self.wait(term, "the first alarm ringing", within: 15) { $0.contains(ringing) }
        try term.sendKeys("s", literally: true)
        try term.expectScreen("the first alarm snoozed, the second next") { screen in
            !screen.contains(ringing)
                && screen.contains { $0.hasPrefix("Snoozed: \(firstText) rings again at ") && $0.contains(" (in ") }
                && screen[8].hasPrefix("Next alarm: \(secondText) at ")
        }
        try Self.wait(term, "the second alarm ringing", within: 15) { $0.contains("RINGING: \(secondText) · s snooze 5 min · space stop") }
        try term.sendKeys("Space")
        try term.expectScreen("the second alarm stopped; the first still snoozed; no alarm left to come") { screen in
            !screen.contains { $0.hasPrefix("RINGING: ") } && screen.contains { $0.hasPrefix("Snoozed: \(firstText) rings again at ") }
                && screen[8] == "No alarm set (woodshed alarm add 07:00)"
        }
        try term.sendKeys("q", literally: true)
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        let lastScreen = try term.screen().joined(separator: "\n")
        try #require(quit, "woodshed clock did not quit on q:\n\(lastScreen)")
        #expect(try String(contentsOf: term.exitStatusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// Waits up to `seconds` for a screen with `predicate`; records the last screen otherwise.
    static func wait(_ term: TmuxClick, _ what: String, within seconds: Double, _ predicate: ([String]) -> Bool) throws {
        var last: [String] = []
        let seen = try PrivateJackServer.wait(timeout: seconds) {
            last = try term.screen()
            return predicate(last)
        }
        if !seen { Issue.record("no screen showed \(what) within \(seconds) s; the last one:\n\(last.joined(separator: "\n"))") }
    }
}
