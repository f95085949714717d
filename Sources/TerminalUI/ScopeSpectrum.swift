#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The spectrum line under the scope's trace (`--scope spectrum`): one bar per column on a
/// log-frequency axis from `lowestHertz` to `highestHertz` (or half the rate), each the mean
/// power of the spectrum's bins in its span in dB, drawn ▁ to █ over the `rangeDecibels` below
/// the loudest column; a column quieter than that is a space — so a notch shows as a dip. Any
/// thread (pure).
public enum ScopeSpectrum {
    public static let lowestHertz = 50.0
    public static let highestHertz = 20_000.0
    /// The dB the eight bar heights span, below the loudest column.
    public static let rangeDecibels = 48.0
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The bars for `power` (bin k at k · `binHertz` Hz), `width` columns; spaces when the
    /// spectrum is silent or empty.
    public static func line(power: [Double], binHertz: Double, width: Int) -> String {
        guard width > 0 else { return "" }
        let levels = columnDecibels(power: power, binHertz: binHertz, width: width)
        guard let top = levels.compactMap({ $0 }).max() else { return String(repeating: " ", count: width) }
        return String(levels.map { level -> Character in
            guard let level, level > top - rangeDecibels else { return " " }
            let step = rangeDecibels / Double(bars.count)
            return bars[min(bars.count - 1, Int(((level - (top - rangeDecibels)) / step).rounded(.down)))]
        })
    }

    /// Per column, the mean power of its bins in dB (the nearest bin's when its span holds
    /// none); nil for no power.
    static func columnDecibels(power: [Double], binHertz: Double, width: Int) -> [Double?] {
        guard power.count > 1, binHertz > 0 else { return Array(repeating: nil, count: width) }
        let top = min(highestHertz, Double(power.count - 1) * binHertz)
        let ratio = pow(top / lowestHertz, 1 / Double(width))
        return (0..<width).map { c in
            let low = lowestHertz * pow(ratio, Double(c)), high = low * ratio
            let first = Int((low / binHertz).rounded(.up)), last = min(power.count - 1, Int((high / binHertz).rounded(.down)))
            let mean: Double
            if first <= last {
                mean = power[first...last].reduce(0, +) / Double(last - first + 1)
            } else {
                mean = power[min(power.count - 1, Int(((low * high).squareRoot() / binHertz).rounded()))]
            }
            return mean > 0 ? 10 * log10(mean) : nil
        }
    }
}
