import Foundation
import Testing
@testable import RenderGraph

@Suite("A -1 dBFS-peak input never comes out of the notch above 0 dBFS: worst-case waveforms")
struct NotchPeakTests {
    static let minus1dB = Float(0.8912509381337456)   // 10^(-1/20)

    /// Runs `input` (both channels) through a fresh filter in blocks of 256; `limit`: with the
    /// peak ceiling the output graph applies.
    func run(_ notch: Notch, rate: Int, _ input: [Float], limit: Bool) -> [Float] {
        let filter = NotchFilter.allocate(notch, rate: rate)
        defer { filter.deallocate() }
        var left = input, right = input
        left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
            var at = 0
            while at < input.count {
                let n = min(256, input.count - at)
                filter.process(frames: n, left: l.baseAddress! + at, right: r.baseAddress! + at)
                if limit { filter.limitPeaks(frames: n, left: l.baseAddress! + at, right: r.baseAddress! + at) }
                at += n
            }
        } }
        #expect(left == right)
        return left
    }

    /// The waveform that lines up with the filter's ringing: −1 dBFS with the signs of the
    /// impulse response reversed in time, so that at its last frame every past input adds.
    func matched(_ notch: Notch, rate: Int, length: Int) -> [Float] {
        var impulse = [Float](repeating: 0, count: length)
        impulse[0] = 1
        let h = run(notch, rate: rate, impulse, limit: false)
        return (0..<length).map { h[length - 1 - $0] < 0 ? -Self.minus1dB : Self.minus1dB }
    }

    @Test("the matched waveform, a square wave at the centre, a step and the highest frequency, at 44.1, 48 and 96 kHz: without the ceiling the output rises above 0 dBFS (to +8.58 dBFS for 4 kHz, 1 octave, at 48 kHz), with it every sample stays below 1",
          arguments: [(44_100, Notch(frequency: 12_000)), (48_000, Notch(frequency: 4000)), (96_000, Notch(frequency: 500, width: 0.25)),
                      (48_000, Notch(frequency: 6000, width: 0.5))])
    func worstCases(rate: Int, notch: Notch) {
        let length = 8192
        let period = Double(rate) / notch.frequency
        let waves: [(String, [Float])] = [
            ("matched", matched(notch, rate: rate, length: length)),
            ("square", (0..<length).map { (Double($0).truncatingRemainder(dividingBy: period) < period / 2) ? Self.minus1dB : -Self.minus1dB }),
            ("step", (0..<length).map { $0 < length / 2 ? -Self.minus1dB : Self.minus1dB }),
            ("nyquist", (0..<length).map { $0 % 2 == 0 ? Self.minus1dB : -Self.minus1dB }),
        ]
        for (name, wave) in waves {
            let limited = run(notch, rate: rate, wave, limit: true)
            #expect(limited.allSatisfy { abs($0) < 1 }, "\(name): \(limited.map { abs($0) }.max()!)")
            if name == "matched" {
                let raw = run(notch, rate: rate, wave, limit: false).map { abs($0) }.max()!
                #expect(raw > 1.5, "\(rate) Hz, \(notch.summary): the matched waveform peaks at only \(raw)")
                if rate == 48_000 && notch.frequency == 4000 { #expect(abs(20 * log10(Double(raw)) - 8.58) < 0.01, "\(raw)") }
            }
        }
    }

    @Test("at or below the knee (-0.92 dBFS) the ceiling changes nothing: notched white noise is the same bit for bit")
    func transparent() throws {
        var noise = try NoiseGenerator(color: .white, rate: 48_000, levelDecibels: -12)
        var input = [Float](repeating: 0, count: 48_000)
        input.withUnsafeMutableBufferPointer { noise.render(into: $0.baseAddress!, frames: 48_000) }
        let raw = run(Notch(frequency: 4000), rate: 48_000, input, limit: false)
        #expect(raw.map { abs($0) }.max()! <= 0.9)
        #expect(run(Notch(frequency: 4000), rate: 48_000, input, limit: true).map(\.bitPattern) == raw.map(\.bitPattern))
    }
}
