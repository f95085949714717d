/// On which days an alarm rings: a set of weekdays, or once (on one date). Any thread (a value).
///
/// Written as the user writes it: `daily`, `weekdays` (`mon-fri`), `weekends` (`sat,sun`),
/// `once`, or day names and ranges separated by commas (`mon,wed,fri`, `tue-thu,sun`).
public enum AlarmDays: Sendable, Equatable, Hashable {
    /// Every day in the set; 0 is Monday … 6 is Sunday.
    case weekly(Set<Int>)
    /// Once, on the next day its time comes (the date is kept with the alarm).
    case once

    /// The day names, Monday first.
    public static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Every day.
    public static let daily = AlarmDays.weekly(Set(0...6))

    /// Reads `daily`, `weekdays`, `weekends`, `once`, or days and ranges (`mon-fri,sun`); nil
    /// for anything else.
    public init?(_ text: String) {
        let t = text.lowercased()
        switch t {
        case "daily", "every-day", "everyday": self = .daily; return
        case "weekdays": self = .weekly(Set(0...4)); return
        case "weekends": self = .weekly([5, 6]); return
        case "once": self = .once; return
        default: break
        }
        var days = Set<Int>()
        for part in t.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { AlarmDays.day(String($0)) }
            guard ends.count == 1 || ends.count == 2, let first = ends.first ?? nil, let last = ends.last ?? nil else { return nil }
            var d = first
            while true {
                days.insert(d)
                if d == last { break }
                d = (d + 1) % 7
            }
        }
        guard !days.isEmpty else { return nil }
        self = .weekly(days)
    }

    /// `mon` … `sun` (or the whole name, `monday`) as 0 … 6.
    static func day(_ word: String) -> Int? {
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        return names.firstIndex(of: word) ?? full.firstIndex(of: word)
    }

    /// True when the alarm may ring on weekday `day` (0 is Monday); `once`: any day.
    public func includes(weekday day: Int) -> Bool {
        switch self {
        case .once: true
        case .weekly(let days): days.contains(day)
        }
    }

    /// The shortest text that reads back as these days: `daily`, `mon-fri`, `sat,sun`, `once`, `mon,wed,fri`.
    public var text: String {
        guard case .weekly(let days) = self else { return "once" }
        if days.count == 7 { return "daily" }
        var runs: [String] = []
        var d = 0
        while d < 7 {
            guard days.contains(d) else { d += 1; continue }
            var end = d
            while end + 1 < 7, days.contains(end + 1) { end += 1 }
            runs.append(end - d >= 2 ? "\(AlarmDays.names[d])-\(AlarmDays.names[end])"
                : (d...end).map { AlarmDays.names[$0] }.joined(separator: ","))
            d = end + 1
        }
        return runs.joined(separator: ",")
    }

    /// What `--days` accepts, for error messages.
    public static let accepted = "daily, weekdays, weekends, once, or days and ranges such as mon-fri or mon,wed,fri"
}
