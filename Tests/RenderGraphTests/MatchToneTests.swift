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
