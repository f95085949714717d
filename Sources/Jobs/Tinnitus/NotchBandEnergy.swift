import Foundation
import Media
import RenderGraph

/// How much of a recording's energy lies in a notch's band (FREQ·2^±(WIDTH/2)), in dB against
/// the whole, from its power spectrum (`PowerSpectrum`, both channels): what
/// `woodshed tinnitus check` reports. Control thread (file I/O).
public struct NotchBandEnergy: Equatable, Sendable {
    /// Below this, the notch removes nearly nothing from the recording.
    public static let nearlyNothing = -30.0

    public let file: String
    /// The band's edges in Hz.
    public let low: Double
    public let high: Double
    /// The band's share of the energy in dB; nil for a silent file.
    public let decibels: Double?

    /// Measures `path` for `notch`.
    public static func measure(_ path: String, notch: Notch) throws(AudioFileError) -> NotchBandEnergy {
        let source = try AudioSource.open(path: path)
        let rate = source.info.rate
        let (low, high) = notch.band
        var spectrum = PowerSpectrum()
        let size = spectrum.size, hop = size / 2
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * size)
        defer { buffer.deallocate() }
        // Blocks from half a block before the start to past the end, so every frame is weighted alike.
        var start = -Int64(hop)
        while start < source.info.frames {
            source.read(from: start, count: size, into: buffer)
            spectrum.add(buffer, stride: 2)
            spectrum.add(buffer + 1, stride: 2)
            start += Int64(hop)
        }
        var inBand = 0.0, total = 0.0
        for (k, p) in spectrum.power.enumerated() {
            total += p
            let f = spectrum.frequency(ofBin: k, rate: rate)
            if f >= low && f <= high { inBand += p }
        }
        let db: Double? = total > 0 ? 10 * log10(max(inBand / total, 1e-30)) : nil
        return NotchBandEnergy(file: path, low: low, high: high, decibels: db)
    }

    /// True when the band holds less than `nearlyNothing` of the energy (or the file is silent).
    public var notchDoesNearlyNothing: Bool { (decibels ?? -.infinity) < NotchBandEnergy.nearlyNothing }
}
