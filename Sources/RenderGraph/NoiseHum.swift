/// A fan: the brown bed with a motor hum at a fundamental and its harmonics (amplitudes 1, ½,
/// ¼, … of the fundamental's; only those below 0.45 of the rate), the hum's power `humDecibels`
/// relative to the bed's. Exact phases (`NoiseSine`), so the hum stays on its frequency for ever.
/// Render thread once built (a plain value).
struct NoiseHum: BitwiseCopyable {
    private let bedScale: Double
    private let step: UInt32
    private var phase: UInt32 = 0
    private let harmonics: UInt32
    /// The fundamental's amplitude, for a bed of unit power.
    private let amplitude: Double
    let humPower: Double

    /// Control thread.
    init(humHertz: Double, harmonics: Int, humDecibels: Double, bedPower: Double, rate: Int) {
        bedScale = 1 / bedPower.squareRoot()
        step = NoiseSine.step(hertz: humHertz, rate: rate)
        var h = max(1, harmonics)
        while h > 1 && Double(h) * humHertz >= 0.45 * Double(rate) { h -= 1 }
        self.harmonics = UInt32(h)
        humPower = NoiseDecibels.power(humDecibels)
        // Σ (a/2^(k−1))²/2 over k = humPower.
        var weights = 0.0, w = 1.0
        for _ in 0..<h { weights += w; w /= 4 }
        amplitude = (2 * humPower / weights).squareRoot()
    }

    var power: Double { 1 + humPower }

    @inline(__always)
    mutating func next(bed: Double) -> Double {
        var out = bed * bedScale
        var a = amplitude, k: UInt32 = 1
        while k <= harmonics {
            out += a * NoiseSine.sine(phase &* k)
            a *= 0.5
            k += 1
        }
        phase &+= step
        return out
    }
}
