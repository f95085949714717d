import Alarms
import Foundation
import Persistence
import TerminalUI

/// What the clock screen shows of the time: the digits (24-hour, or 12-hour with AM/PM) and
/// the date, in the user's words. Any thread (pure).
public enum ClockFace {
    /// True when the time locale (`LC_ALL`, else `LC_TIME`, else `LANG`) writes the time in 12
    /// hours (`en_US.UTF-8`); false for 24 (`de_DE.UTF-8`, `en_GB`, and `C`, `POSIX` or none).
    public static func localeUses12Hours(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard identifier != "C", identifier != "POSIX" else { return false }
        let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: identifier)) ?? "HH"
        return format.contains("a")
    }

    /// `07:05` in 24 hours, `7:05 AM` in 12.
    public static func digits(_ time: AlarmTime, twelveHours: Bool) -> (digits: String, suffix: String) {
        guard twelveHours else { return (time.text.prefix(5).description, "") }
        let h = time.hour % 12 == 0 ? 12 : time.hour % 12
        return ("\(h):\(two(time.minute))", time.hour < 12 ? "AM" : "PM")
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    /// `Tuesday 24 November 2026`.
    public static func dateLine(_ date: AlarmDate) -> String {
        "\(weekday(date)) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// `Tuesday`.
    public static func weekday(_ date: AlarmDate) -> String { weekdays[date.weekday] }

    /// `in 9 h 05 min`, `in 4 min`, `in 12 s`: how far off a time is.
    public static func inText(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "in \(s) s" }
        let m = (s + 59) / 60
        return m < 60 ? "in \(m) min" : "in \(m / 60) h \(two(m % 60)) min"
    }
}
