#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--notch FREQ[:WIDTH]`: a band-stop centred geometrically on `frequency`, `width` octaves wide
/// (the tinnitus notch). Parsing and the range checks; `NotchDesign` turns it into
/// biquads for a rate. Any thread (a value).
public struct Notch: Equatable, Sendable {
    /// The centre frequency's range in Hz (and at most `maxRateFraction` × the rate).
    public static let frequencyRange = 250.0...12_000.0
    /// The centre may be at most this fraction of the rate (the band's top stays below Nyquist).
    public static let maxRateFraction = 0.35
    /// The widths offered, in octaves, as the user writes them.
    public static let widths: [(text: String, octaves: Double)] = [("1", 1), ("1/2", 0.5), ("1/4", 0.25)]

    /// The centre frequency in Hz.
    public let frequency: Double
    /// The width in octaves: 1, 1/2 or 1/4.
    public let width: Double

    public init(frequency: Double, width: Double = 1) {
        self.frequency = frequency
        self.width = width
    }

    /// `6000`, `6.2kHz`, `4000:1/2`, `tinnitus:1/2`. `tinnitus` is the frequency
    /// `woodshed tinnitus match` saved, given as `tinnitus` (nil: none is saved, and it is
    /// refused). Throws a one-line error naming the value and range.
    public init(parsing text: String, tinnitus: Double? = nil) throws(NotchError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let freqText = parts[0].trimmingSpaces
        let hertz: Double?
        if Notch.namesTinnitus(text) {
            guard let tinnitus else { throw .noMatchedFrequency }
            hertz = tinnitus
        } else {
            hertz = Notch.hertz(freqText)
        }
        guard let hz = hertz else { throw .badFrequency(parts[0]) }
        guard Notch.frequencyRange.contains(hz) else { throw .frequencyOutOfRange(parts[0]) }
        var octaves = 1.0
        if parts.count == 2 {
            guard let w = Notch.widths.first(where: { $0.text == parts[1].trimmingSpaces }) else { throw .badWidth(parts[1]) }
            octaves = w.octaves
        }
        self.init(frequency: hz, width: octaves)
    }

    /// True when `text` asks for the matched frequency (`tinnitus`, `tinnitus:1/2`).
    public static func namesTinnitus(_ text: String) -> Bool {
        text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingSpaces.lowercased() == "tinnitus"
    }

    /// Throws when the centre is above `maxRateFraction` × `rate`.
    public func check(rate: Int) throws(NotchError) {
        if frequency > Notch.maxRateFraction * Double(rate) { throw .aboveRate(frequency, rate: rate) }
    }

    /// The band's edges in Hz, FREQ·2^±(WIDTH/2): 4243 to 8485 Hz for a 1-octave notch at 6 kHz.
    public var band: (low: Double, high: Double) {
        (frequency * pow(2, -width / 2), frequency * pow(2, width / 2))
    }

    /// "notch 6000 Hz, 1 octave".
    public var summary: String {
        let w = Notch.widths.first { $0.octaves == width }?.text ?? "\(width)"
        return "notch \(NotchError.hertzText(frequency)) Hz, \(w) octave"
    }

    /// `6000`, `6000Hz`, `6.2kHz`, `6.2k` in Hz; nil otherwise.
    static func hertz(_ text: String) -> Double? {
        var s = text.lowercased()
        var scale = 1.0
        if s.hasSuffix("hz") { s.removeLast(2) }
        if s.hasSuffix("k") { s.removeLast(); scale = 1000 }
        guard let v = Double(s), v.isFinite else { return nil }
        return v * scale
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
