/// A `--notch` value that cannot be used, in one line naming the value and the range. Any thread.
public enum NotchError: Error, Equatable, CustomStringConvertible {
    case badFrequency(String)
    case frequencyOutOfRange(String)
    case badWidth(String)
    case aboveRate(Double, rate: Int)
    case noMatchedFrequency

    public var description: String {
        let range = "250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)"
        switch self {
        case .badFrequency(let s): return "--notch frequency '\(s)' is not a frequency: use \(range)"
        case .frequencyOutOfRange(let s): return "--notch frequency \(s) is out of range: use \(range)"
        case .badWidth(let s): return "--notch width '\(s)' is not offered: use 1, 1/2 or 1/4 (octaves)"
        case .aboveRate(let hz, let rate):
            return "--notch frequency \(NotchError.hertzText(hz)) Hz is too high for \(rate) Hz: use at most \(NotchError.hertzText(Notch.maxRateFraction * Double(rate))) Hz (0.35 × the rate)"
        case .noMatchedFrequency:
            return "--notch tinnitus: no matched frequency is saved yet: find yours with woodshed tinnitus match, or give a frequency, e.g. --notch 6000"
        }
    }

    /// 6000 → "6000", 6200.5 → "6200.5".
    static func hertzText(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }
}
