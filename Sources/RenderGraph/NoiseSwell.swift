/// The ocean: the pink bed under a swell, wave after wave: each wave lasts a time drawn
/// uniformly between the shortest and the longest, and its gain rises as a raised cosine from
/// the trough (`trough`, a fraction of the crest) to the crest (1) and falls back. Render thread
/// once built (a plain value).
struct NoiseSwell: BitwiseCopyable {
    private let bedScale: Double
    private let trough: Double
    private let shortest: Int64, span: Int64
    /// The frame within the current wave, and the wave's length.
    private var frame: Int64 = 0
    private var length: Int64

    /// Control thread.
    init(shortestSeconds: Double, longestSeconds: Double, troughDecibels: Double, bedPower: Double, rate: Int,
         random: inout NoiseRandom) {
        bedScale = 1 / bedPower.squareRoot()
        trough = NoiseDecibels.amplitude(troughDecibels)
        shortest = max(1, Int64((shortestSeconds * Double(rate)).rounded()))
        span = max(0, Int64((longestSeconds * Double(rate)).rounded()) - shortest)
        length = shortest
        length = nextLength(&random)
    }

    /// The mean of the gain's square over a wave: with g = f + (1 − f)·s, s = (1 − cos)/2,
    /// E[s] = ½ and E[s²] = ⅜.
    var power: Double { trough * trough + trough * (1 - trough) + (1 - trough) * (1 - trough) * 3 / 8 }

    private func nextLength(_ random: inout NoiseRandom) -> Int64 {
        shortest + Int64((UInt64(random.next()) &* UInt64(span + 1)) >> 32)
    }

    @inline(__always)
    mutating func next(bed: Double, random: inout NoiseRandom) -> Double {
        let phase = UInt32(truncatingIfNeeded: (UInt64(frame) << 32) / UInt64(length))
        let s = 0.5 - 0.5 * NoiseSine.cosine(phase)
        frame += 1
        if frame >= length {
            frame = 0
            length = nextLength(&random)
        }
        return bed * bedScale * (trough + (1 - trough) * s)
    }
}
