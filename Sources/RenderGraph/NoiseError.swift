/// Why a noise could not be set up as asked. Any thread.
public enum NoiseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not `white`, `pink` or `brown`.
    case unknownColor(String)
    /// A level outside `NoiseGenerator.levelRange` (dBFS RMS).
    case levelOutOfRange(Double)

    public var description: String {
        switch self {
        case .unknownColor(let text):
            "unknown noise colour '\(text)': use white, pink or brown"
        case .levelOutOfRange(let level):
            "noise level \(NoiseError.decibels(level)) dBFS is out of range: use \(NoiseError.decibels(NoiseGenerator.levelRange.lowerBound)) to \(NoiseError.decibels(NoiseGenerator.levelRange.upperBound)) dBFS RMS"
        }
    }

    /// A level as messages write it: −6 as "-6", −6.5 as "-6.5".
    public static func decibels(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
