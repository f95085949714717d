/// The colour of a noise: how its power is spread over frequency. Any thread (a plain value).
public enum NoiseColor: String, CaseIterable, Sendable, BitwiseCopyable {
    /// The same power at every frequency (0 dB per octave).
    case white
    /// The same power in every octave: −3 dB per octave (−10 dB per decade).
    case pink
    /// Falls like a random walk: −6 dB per octave (−20 dB per decade).
    case brown

    /// The slope of its power spectrum in dB per octave: 0, −3 or −6.
    public var decibelsPerOctave: Double {
        switch self {
        case .white: 0
        case .pink: -3
        case .brown: -6
        }
    }

    /// Reads `white`, `pink` or `brown` (any case, as on the command line).
    public init(parsing text: String) throws(NoiseError) {
        guard let color = NoiseColor(rawValue: text.lowercased()) else { throw .unknownColor(text) }
        self = color
    }
}
