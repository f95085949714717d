/// A time of day on the wall clock, to the second: `07:00`, `6:45`, `07:00:30`. Any thread (a value).
public struct AlarmTime: Sendable, Equatable, Hashable, Comparable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `H:MM`, `HH:MM` or `HH:MM:SS` in 24-hour time; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard s < 60 else { return nil }
        self.init(hour: h, minute: m, second: s)
    }

    /// Seconds after midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// `07:00`, or `07:00:30` when the seconds are not 0.
    public var text: String {
        let hm = AlarmTime.two(hour) + ":" + AlarmTime.two(minute)
        return second == 0 ? hm : hm + ":" + AlarmTime.two(second)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    public static func < (a: AlarmTime, b: AlarmTime) -> Bool { a.secondOfDay < b.secondOfDay }
}
