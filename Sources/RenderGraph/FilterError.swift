/// A `--filter` value that cannot be used, in one line naming the value and what to give
/// instead. Any thread.
public enum FilterError: Error, Equatable, CustomStringConvertible {
    case unknownKind(String)
    case badFrequency(String)
    case badBand(String)
    /// A corner below 20 Hz (`rate` nil: found while parsing), or above 0.45 × `rate`.
    case frequencyOutOfRange(Double, rate: Int?)
    case bandOrder(low: Double, high: Double)

    public var description: String {
        switch self {
        case .unknownKind(let s):
            return "--filter kind '\(s)' is unknown: use lowpass:FREQ, highpass:FREQ or band:LO-HI (e.g. lowpass:800 or band:200-2000)"
        case .badFrequency(let s):
            return "--filter frequency '\(s)' is not a frequency: use 20 Hz to 0.45 × the rate (e.g. 800 or 2.5kHz)"
        case .badBand(let s):
            return "--filter band '\(s)' is not LO-HI: give two frequencies, e.g. band:200-2000"
        case .frequencyOutOfRange(let hz, nil):
            return "--filter frequency \(NotchError.hertzText(hz)) Hz is out of range: use 20 Hz to 0.45 × the rate"
        case .frequencyOutOfRange(let hz, let rate?):
            let top = NotchError.hertzText(FilterChoice.maxRateFraction * Double(rate))
            return "--filter frequency \(NotchError.hertzText(hz)) Hz is out of range at \(rate) Hz: use 20 Hz to \(top) Hz (0.45 × the rate)"
        case .bandOrder(let low, let high):
            return "--filter band \(NotchError.hertzText(low))-\(NotchError.hertzText(high)): LO must be below HI (e.g. band:200-2000)"
        }
    }
}
