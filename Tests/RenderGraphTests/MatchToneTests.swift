import Foundation
import Testing
@testable import RenderGraph

@Suite("The pitch match's tone: the frequency and level asked for, never above -10 dBFS, silent when told")
struct MatchToneTests {
    func render(_ tone: MatchTone, frames: Int) -> [Float] {
        var left = [Float](repeating: 0, count: frames), right = left
        left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
            tone.render(frames: frames, left: l.baseAddress!, right: r.baseAddress!)
        } }
        #expect(left == right)
        return left
    }

    @Test("1 kHz asked at 0 dBFS plays at -10 dBFS at most, 1000 cycles a second; off glides to silence; 16 kHz at 32 kHz is silent")
    func levelsAndFrequency() {
        let tone = MatchTone()
        tone.prepare(rate: 48_000)
        tone.set(frequency: 1000, level: 0)
        let second = render(tone, frames: 48_000)
        let ceiling = Float(0.31622776601683794)
        #expect(second.allSatisfy { abs($0) <= ceiling })
        #expect(abs(second[47_000..<48_000].map { abs($0) }.max()! - ceiling) < 1e-4)
        let upward = zip(second.dropLast(), second.dropFirst()).filter { $0 <= 0 && $1 > 0 }.count
        #expect(upward == 1000)
        tone.set(frequency: 1000, level: -40, sounding: false)
        let faded = render(tone, frames: 4800)
        // A 10 ms glide: 98 ms on, 0.316 · e^(-4700/480) = 1.8e-5.
        #expect(faded[4700...].allSatisfy { abs($0) < 2e-5 })
        tone.set(frequency: 23_000, level: -20)   // held at 16 kHz, the top of its range: it plays at 48 kHz
        #expect(render(tone, frames: 4800)[4700...].contains { abs($0) > 0.05 })
        let low = MatchTone()
        low.prepare(rate: 32_000)
        low.set(frequency: 16_000, level: -20)    // above 0.45 × 32 kHz: silent
        #expect(render(low, frames: 4800).allSatisfy { $0 == 0 })
    }
}

@Suite("The pitch match's narrow-band noise (--noise-band): its energy around the frequency, never above the level nor -10 dBFS")
struct MatchToneNoiseBandTests {
    /// The power of `samples` in the DFT bins from `low` to `high` Hz (inclusive), per bin.
    func bandPower(_ samples: [Float], rate: Double, low: Double, high: Double) -> Double {
        let n = samples.count
        var total = 0.0, bins = 0
        var k = Int((low * Double(n) / rate).rounded(.up))
        while Double(k) * rate / Double(n) <= high {
            var re = 0.0, im = 0.0
            for (i, x) in samples.enumerated() {
                let a = 2 * Double.pi * Double(k) * Double(i) / Double(n)
                re += Double(x) * cos(a)
                im -= Double(x) * sin(a)
            }
            total += re * re + im * im
            bins += 1
            k += 1
        }
        return total / Double(max(bins, 1))
    }

    @Test("2 kHz at -20 dBFS: peaks at most 0.1, RMS 12 dB below it (within 0.5 dB), 30 dB more power per bin at 2 kHz than an octave either side")
    func band() {
        let tone = MatchTone(noiseBand: true)
        tone.prepare(rate: 48_000)
        tone.set(frequency: 2000, level: -20)
        var left = [Float](repeating: 0, count: 96_000), right = left
        left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
            tone.render(frames: 96_000, left: l.baseAddress!, right: r.baseAddress!)
        } }
        #expect(left == right)
        #expect(left.allSatisfy { abs($0) <= 0.1 })
        let settled = Array(left[48_000...])
        let rms = (settled.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(settled.count)).squareRoot()
        #expect(abs(20 * log10(rms) - (-32)) < 0.5, "\(20 * log10(rms))")
        let slice = Array(settled[0..<4800])   // 10 Hz bins
        let centre = bandPower(slice, rate: 48_000, low: 1950, high: 2050)
        let below = bandPower(slice, rate: 48_000, low: 950, high: 1050)
        let above = bandPower(slice, rate: 48_000, low: 3950, high: 4050)
        #expect(10 * log10(centre / below) > 30 && 10 * log10(centre / above) > 30,
                "\(10 * log10(centre / below)) \(10 * log10(centre / above))")
    }

    @Test("asked at 0 dBFS it stays at -10 dBFS at most; the tone without --noise-band is still a sine")
    func ceiling() {
        let tone = MatchTone(noiseBand: true)
        tone.prepare(rate: 44_100)
        tone.set(frequency: 250, level: 0)
        var left = [Float](repeating: 0, count: 441_000), right = left
        left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
            tone.render(frames: 441_000, left: l.baseAddress!, right: r.baseAddress!)
        } }
        #expect(left.allSatisfy { abs($0) <= Float(0.31622776601683794) })
        #expect(left.contains { abs($0) > 0.25 })
        #expect(MatchTone().noiseBand == false && tone.noiseBand)
    }
}
