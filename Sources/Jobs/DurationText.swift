import WoodshedCore

/// Durations as users write them: "90", "90s", "10m", "1h30m", "1.5h"; more than 0 and at
/// most a day (`OptionRange.longestSeconds`). Any thread.
public enum DurationText {
    /// "--for takes a duration such as 90s, 10m or 1h30m (at most 24h), not '2d'".
    public static func invalid(_ option: String, _ text: String) -> String {
        "\(option) takes a duration such as 90s, 10m or 1h30m (at most 24h), not '\(text)'"
    }

    /// The seconds `text` stands for; nil when it is not a duration or out of range.
    public static func seconds(_ text: String) -> Double? {
        var total = 0.0, number = ""
        var sawUnit = false
        for ch in text.lowercased() where ch != " " {
            if ch.isNumber || ch == "." { number.append(ch); continue }
            guard let v = Double(number), let unit = ["h": 3600.0, "m": 60, "s": 1][String(ch)] else { return nil }
            total += v * unit
            number = ""
            sawUnit = true
        }
        if !number.isEmpty {
            guard let v = Double(number) else { return nil }
            total += v
        } else if !sawUnit { return nil }
        return total > 0 && total <= Double(OptionRange.longestSeconds) ? total : nil
    }
}
