import WoodshedCore

/// A subtitle time as SRT and WebVTT write it. Any thread.
///
/// `[hours:]minutes:seconds` then `,` or `.` and 1 to 3 digits of the second: `00:01:02,500`,
/// `01:02.500`, `1:02:03.5`. Hours are optional and up to 5 digits; minutes and seconds are 1 or
/// 2 digits, below 60. Both separators are read in both formats (files in the wild mix them).
enum SubtitleTimestamp {
    /// The time `text` writes, or nil when it is not one.
    static func parse(_ text: Substring) -> SourceTime? {
        guard let separator = text.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let fraction = text[text.index(after: separator)...]
        let clock = text[..<separator].split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fraction.count), let milli = digits(fraction),
              clock.count == 2 || clock.count == 3 else { return nil }
        var scaled = milli
        for _ in fraction.count..<3 { scaled *= 10 }
        var seconds: Int64 = 0
        for (k, field) in clock.enumerated() {
            let isHours = clock.count == 3 && k == 0
            guard (1...(isHours ? 5 : 2)).contains(field.count), let v = digits(field), isHours || v < 60 else { return nil }
            seconds = seconds * 60 + v
        }
        return SourceTime(microseconds: (seconds * 1000 + scaled) * 1000)
    }

    /// ASCII digits only, as a number.
    static func digits(_ s: Substring) -> Int64? {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(s)
    }
}
