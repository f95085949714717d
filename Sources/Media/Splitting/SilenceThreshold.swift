/// Any thread (a value). The level below which a 10 ms window of audio counts as silence when
/// a file is split into sentences: a fixed level in dBFS, or a level below the loudest window of
/// the file (for recordings too quiet for a fixed level).
///
/// Levels are RMS relative to full scale: 0 dBFS is a full-scale square wave, and a full-scale
/// sine is −3 dBFS.
public enum SilenceThreshold: Sendable, Equatable, CustomStringConvertible {
    /// A level in dBFS, below 0 (`-40dB`).
    case absolute(decibels: Double)
    /// This many decibels (more than 0) below the loudest 10 ms window of the file (`peak-30dB`).
    case belowLoudest(decibels: Double)

    /// The lowest level that can be asked for, and the most decibels below the loudest window.
    public static let lowest = -120.0

    /// Parses `-40dB`, `-40.5dB`, `-40` (dBFS) or `peak-30dB`, `peak-30` (below the loudest
    /// window); `dB` in any case. Up to two decimals; the level between −120 and 0, not 0.
    public init(parsing text: String) throws(SplitSettingError) {
        let general = SplitSettingError(
            "--threshold takes a level in dBFS such as -40dB, or one below the loudest part such as peak-30dB, not '\(text)'")
        var t = Substring(text)
        let relative = t.lowercased().hasPrefix("peak")
        if relative { t = t.dropFirst(4) }
        if t.lowercased().hasSuffix("db") { t = t.dropLast(2) }
        guard let value = Self.decibels(t) else { throw general }
        guard value < 0, value >= Self.lowest else {
            throw SplitSettingError(relative
                ? "--threshold: peak-NdB must be 0.01 to 120 dB below the loudest part, not '\(text)'"
                : "--threshold: a level must be below 0 dBFS and at least -120 dBFS, not '\(text)'")
        }
        self = relative ? .belowLoudest(decibels: -value) : .absolute(decibels: value)
    }

    /// A signed decimal with at most two decimals ("-40", "-40.25"), or nil.
    private static func decibels(_ s: Substring) -> Double? {
        var digits = s
        if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 4,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.count == 1 || (1...2).contains(parts[1].count) else { return nil }
        return Double(s)
    }

    /// `-40dB` or `peak-30dB`, as parsed.
    public var description: String {
        func number(_ v: Double) -> String {
            let hundredths = Int((v * 100).rounded())
            let sign = hundredths < 0 ? "-" : "", m = abs(hundredths)
            let fraction = m % 100 == 0 ? "" : m % 10 == 0 ? ".\(m % 100 / 10)" : ".\(m % 100 < 10 ? "0" : "")\(m % 100)"
            return "\(sign)\(m / 100)\(fraction)"
        }
        switch self {
        case .absolute(let db): return "\(number(db))dB"
        case .belowLoudest(let db): return "peak\(number(-db))dB"
        }
    }
}
