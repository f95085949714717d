/// An alarm's beeps: `beeps` sine beeps of `on` frames, `gap` frames apart, then `pause`
/// frames of silence, over and over, each beep with a linear ramp of 5 ms at each edge (no
/// click). Render thread once built (a plain value).
struct NoiseBeeps: BitwiseCopyable {
    static let rampSeconds = 0.005

    private let step: UInt32
    private var phase: UInt32 = 0
    private let beeps: Int64, on: Int64, gap: Int64, cycle: Int64, ramp: Int64
    private var frame: Int64 = 0
    /// The mean square over a cycle (exact, summed at build time).
    let power: Double

    /// Control thread.
    init(hertz: Double, beeps: Int, beepSeconds: Double, gapSeconds: Double, pauseSeconds: Double, rate: Int) {
        let fs = Double(rate)
        step = NoiseSine.step(hertz: min(hertz, 0.45 * fs), rate: rate)
        self.beeps = Int64(max(1, beeps))
        on = max(1, Int64((beepSeconds * fs).rounded()))
        gap = max(0, Int64((gapSeconds * fs).rounded()))
        let pause = max(0, Int64((pauseSeconds * fs).rounded()))
        cycle = self.beeps * on + (self.beeps - 1) * gap + pause
        ramp = max(1, min(Int64((NoiseBeeps.rampSeconds * fs).rounded()), on / 2))
        var sum = 0.0
        for k in 0..<on { let e = NoiseBeeps.envelope(k, on: on, ramp: ramp); sum += e * e }
        power = 0.5 * sum * Double(self.beeps) / Double(cycle)
    }

    /// The gain `k` frames into a beep of `on` frames.
    @inline(__always)
    static func envelope(_ k: Int64, on: Int64, ramp: Int64) -> Double {
        if k < ramp { return Double(k + 1) / Double(ramp + 1) }
        if on - 1 - k < ramp { return Double(on - k) / Double(ramp + 1) }
        return 1
    }

    @inline(__always)
    mutating func next() -> Double {
        let beep = frame / (on + gap), within = frame - beep * (on + gap)
        let out = beep < beeps && within < on ? NoiseBeeps.envelope(within, on: on, ramp: ramp) * NoiseSine.sine(phase) : 0
        phase &+= step
        frame += 1
        if frame >= cycle { frame = 0 }
        return out
    }
}
