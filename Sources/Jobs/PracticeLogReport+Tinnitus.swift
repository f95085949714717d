import Persistence
import Foundation

/// `woodshed log --tinnitus`: the notched listening per local day against the daily target.
/// Main thread.
extension PracticeLogReport {
    /// The default daily target: 90 minutes.
    public static let defaultTinnitusTargetMinutes = Int(PracticeLogNotchedDays.defaultTargetMilliseconds / 60_000)

    /// A line per day with notched listening (whole minutes, rounded down), then how many met
    /// the target:
    ///
    ///     notched listening per day (local time), target 90 minutes
    ///       2027-01-13       92 min  target met
    ///       2027-01-14       45 min  45 min short
    ///     target met on 1 of 2 days
    ///
    /// `json`: `PracticeLogNotchedDays.jsonText`, without its last newline.
    static func notchedText(entries: [PracticeLogEntry], targetMinutes: Int, json: Bool, timeZone: TimeZone) -> String {
        let target = Int64(targetMinutes) * 60_000
        let notched = PracticeLogNotchedDays(entries: entries, targetMilliseconds: target, timeZone: timeZone)
        if json { return String(notched.jsonText.dropLast()) }
        let title = "notched listening per day (local time), target \(plural(targetMinutes, "minute"))"
        guard !notched.days.isEmpty else {
            return title + "\n  none yet: --notch on play, noise or playlist play counts its minutes"
        }
        let lines = notched.days.map { d in
            let verdict = d.met ? "target met" : "\((target - d.milliseconds + 59_999) / 60_000) min short"
            return row(d.date, String(format: "%4lld min  ", d.milliseconds / 60_000) + verdict)
        }
        let met = notched.days.filter(\.met).count
        return ([title] + lines + ["target met on \(met) of \(plural(notched.days.count, "day"))"]).joined(separator: "\n")
    }
}
