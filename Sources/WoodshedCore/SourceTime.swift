/// A time in an audio file as the user writes it: "62.5", "1:02.5", "1:02:03.250", "62.5s" or
/// "750ms", held exactly in microseconds. Any thread (a value).
public struct SourceTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Microseconds from the start of the file (may be negative only as a nudge).
    public let microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// Parses a time; a leading "-" or "+" is allowed (for nudges and offsets). Minutes after
    /// hours and seconds after minutes are below 60; at most 10¹² seconds.
    public init(parsing text: String) throws(TimingError) {
        var t = Substring(text)
        var sign: Int64 = 1
        if t.hasPrefix("-") { sign = -1; t = t.dropFirst() } else if t.hasPrefix("+") { t = t.dropFirst() }
        var unit: Int64 = 1_000_000
        if t.hasSuffix("ms") { unit = 1_000; t = t.dropLast(2) } else if t.hasSuffix("s") { t = t.dropLast() }
        let fields = t.split(separator: ":", omittingEmptySubsequences: false)
        guard !t.isEmpty, fields.count <= 3, !(unit == 1_000 && fields.count > 1) else { throw .badTime(text) }
        /// ASCII digits only (no sign, no spaces), at most 12 of them.
        func number(_ s: Substring) -> Int64? {
            guard !s.isEmpty, s.count <= 12, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(s)
        }
        var whole: Int64 = 0
        for (k, f) in fields.dropLast().enumerated() {
            guard let v = number(f), k == 0 || v < 60 else { throw .badTime(text) }
            whole = whole * 60 + v
        }
        let last = fields.last!.split(separator: ".", omittingEmptySubsequences: false)
        guard last.count <= 2, let intPart = number(last[0]), fields.count == 1 || intPart < 60 else { throw .badTime(text) }
        var fraction: Int64 = 0
        if last.count == 2 {
            let digits = last[1]
            let limit = unit == 1_000 ? 3 : 6
            guard digits.count <= limit, let d = number(digits) else { throw .badTime(text) }
            var scaled = d
            for _ in digits.count..<limit { scaled *= 10 }
            fraction = scaled
        }
        let seconds = unit == 1_000 ? intPart / 1_000 : whole * 60 + intPart
        guard seconds <= 1_000_000_000_000 else { throw .badTime(text) }
        let micros = unit == 1_000 ? intPart * 1_000 + fraction : seconds * 1_000_000 + fraction
        microseconds = sign * micros
    }

    /// The frame at `rate`: round(µs · rate / 10⁶), exactly (round half up).
    public func frame(rate: Int) -> Int64 {
        let n = Int128(microseconds) * Int128(rate)
        return Int64(ExactMath.roundDiv(n, 1_000_000))
    }

    /// "1:02.500" (minutes:seconds.milliseconds, rounded to the nearest millisecond, half up), or "-0:00.010".
    public var description: String {
        let m = (microseconds.magnitude + 500) / 1_000, sign = microseconds < 0 && m > 0 ? "-" : ""
        let ms = m % 1_000, s = (m / 1_000) % 60, min = m / 60_000
        let pad = { (v: UInt64, w: Int) in String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        return "\(sign)\(min):\(pad(s, 2)).\(pad(ms, 3))"
    }

    /// The time of a frame at `rate`, rounded to the microsecond.
    public static func of(frame: Int64, rate: Int) -> SourceTime {
        let n = Int128(frame) * 1_000_000
        return SourceTime(microseconds: Int64(ExactMath.roundDiv(n, Int128(rate))))
    }

    public static func < (a: SourceTime, b: SourceTime) -> Bool { a.microseconds < b.microseconds }
}
