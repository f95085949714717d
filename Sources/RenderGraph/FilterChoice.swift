/// `--filter lowpass:FREQ|highpass:FREQ|band:LO-HI`: the musician's listening filter (issue 21),
/// 24 dB per octave. Parsing and the range checks; `FilterDesign` turns it into biquads for a
/// rate. Any thread (a value).
public enum FilterChoice: Equatable, Sendable {
    /// Keeps what is below the frequency (−3 dB there).
    case lowpass(Double)
    /// Keeps what is above the frequency (−3 dB there).
    case highpass(Double)
    /// Keeps what is between `low` and `high`: a high-pass at `low` and a low-pass at `high`.
    case band(low: Double, high: Double)

    /// The lowest frequency accepted, in Hz.
    public static let lowestHertz = 20.0
    /// The highest frequency accepted, as a fraction of the rate.
    public static let maxRateFraction = 0.45

    /// `lowpass:800`, `highpass:2.5kHz`, `band:200-2000`. Throws a one-line error naming the value.
    public init(parsing text: String) throws(FilterError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let kind = parts[0].lowercased()
        let value = parts.count == 2 ? parts[1] : ""
        func hertz(_ s: String) throws(FilterError) -> Double {
            guard let hz = Notch.hertz(s), hz > 0 else { throw .badFrequency(s) }
            guard hz >= FilterChoice.lowestHertz else { throw .frequencyOutOfRange(hz, rate: nil) }
            return hz
        }
        switch kind {
        case "lowpass": self = .lowpass(try hertz(value))
        case "highpass": self = .highpass(try hertz(value))
        case "band":
            let edges = value.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard edges.count == 2 else { throw .badBand(value) }
            let low = try hertz(edges[0]), high = try hertz(edges[1])
            guard low < high else { throw .bandOrder(low: low, high: high) }
            self = .band(low: low, high: high)
        default: throw .unknownKind(parts[0])
        }
    }

    /// The corner frequencies, lowest first.
    public var frequencies: [Double] {
        switch self {
        case .lowpass(let f), .highpass(let f): [f]
        case .band(let low, let high): [low, high]
        }
    }

    /// Throws when a corner is above `maxRateFraction` × `rate`.
    public func check(rate: Int) throws(FilterError) {
        for f in frequencies where f > FilterChoice.maxRateFraction * Double(rate) { throw .frequencyOutOfRange(f, rate: rate) }
    }

    /// "lowpass 800 Hz", "highpass 2500 Hz", "band 200–2000 Hz".
    public var summary: String {
        switch self {
        case .lowpass(let f): "lowpass \(NotchError.hertzText(f)) Hz"
        case .highpass(let f): "highpass \(NotchError.hertzText(f)) Hz"
        case .band(let low, let high): "band \(NotchError.hertzText(low))–\(NotchError.hertzText(high)) Hz"
        }
    }
}
