#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// White, pink or brown noise, or a sound of the catalog made over a noise bed (rain, fan,
/// ocean, an alarm's beeps) or looped from a file (`NoiseRecipe`), at a set RMS level, made
/// sample by sample from a seed, with an optional fade to silence. Built on the control thread; `render` and `mix` run on the render
/// thread (the JACK process thread live, the offline loop in `woodshed render`): a plain value
/// of about 150 bytes that never allocates, frees, locks or calls the system, so it can live
/// inside the renderer's state or behind a pointer the control thread allocated.
///
/// - Level: `levelDecibels` is 20·log10(RMS) with full scale 1.0 (as `sox stat` and ffmpeg's
///   astats report it; a full-scale sine is −3 dBFS on this scale). The gain is computed
///   from the filter's impulse response, not measured, so it holds for any seed and length.
/// - No clipping: above 0.9 a soft ceiling bends the rare peak towards 1 without reaching it
///   (x ↦ 0.9 + 0.1·u/(1 + u), u = (|x| − 0.9)/0.1). At the default −18 dBFS a peak needs
///   over 7 standard deviations to reach it, so in practice it never acts.
/// - No DC: the white source is exactly symmetric, and pink and brown end in a DC blocker.
/// - Same seed, same noise, on every machine and at any block size.
public struct NoiseGenerator: Sendable, BitwiseCopyable {
    /// −18 dBFS RMS: a comfortable background next to music mastered around −14 to −9 LUFS.
    public static let defaultLevel = -18.0
    /// The levels `init` accepts, in dBFS RMS. Above −12 the peaks of pink and brown noise
    /// (4 to 5 standard deviations) would reach the soft ceiling often enough to be heard.
    public static let levelRange: ClosedRange<Double> = -90 ... -12
    /// The seed `woodshed render --noise` uses.
    public static let defaultSeed: UInt64 = 0x776F_6F64_7368_6564  // "woodshed"
    /// Where the soft ceiling starts bending (−0.92 dBFS).
    static let knee = 0.9

    /// The noise colour (for a sound of the catalog, its bed's: `NoiseRecipe.bed`).
    public let color: NoiseColor
    /// What is made: a colour alone, or a character over its bed, or a loop.
    public let recipe: NoiseRecipe
    public let rate: Int
    public let levelDecibels: Double
    /// From the filter's output to the set level.
    let gain: Double
    private var random: NoiseRandom
    private var filter: NoiseFilter
    private var layer: NoiseLayer
    /// The fade, if one is set; `fadeEnd` is `Int64.max` without one.
    public private(set) var fade: NoiseFade?
    private var fadeStart = Int64.max
    private var fadeEnd = Int64.max

    /// Frames made since the start (the next frame `render` or `mix` writes).
    public private(set) var position: Int64 = 0

    /// Control thread. Throws for a level outside `levelRange`.
    public init(color: NoiseColor, rate: Int, levelDecibels: Double = NoiseGenerator.defaultLevel,
                seed: UInt64 = NoiseGenerator.defaultSeed) throws(NoiseError) {
        try self.init(recipe: .noise(color), rate: rate, levelDecibels: levelDecibels, seed: seed)
    }

    /// Control thread. Throws for a level outside `levelRange`. A loop plays at the level, or
    /// lower if its peaks would pass 0.9 (the soft ceiling's knee).
    public init(recipe: NoiseRecipe, rate: Int, levelDecibels: Double = NoiseGenerator.defaultLevel,
                seed: UInt64 = NoiseGenerator.defaultSeed) throws(NoiseError) {
        guard NoiseGenerator.levelRange.contains(levelDecibels) else { throw .levelOutOfRange(levelDecibels) }
        let color = recipe.bed
        self.color = color
        self.recipe = recipe
        self.rate = rate
        self.levelDecibels = levelDecibels
        random = NoiseRandom(seed: seed)
        filter = NoiseFilter(color: color, rate: rate)
        // The white source has power 1/3; the filter multiplies it by its impulse energy.
        layer = NoiseLayer(recipe, bedPower: NoiseFilter.impulseEnergy(color: color, rate: rate) / 3, rate: rate, random: &random)
        let unscaledRMS = layer.power.squareRoot()
        var gain = pow(10, levelDecibels / 20) / unscaledRMS
        if case .loop(let loop) = recipe, loop.peak > 0 { gain = min(gain, NoiseGenerator.knee / loop.peak) }
        self.gain = gain
    }

    /// Fades to silence as `fade` says (frames counted from the start; a fade may start in the
    /// past: the gain is then already lower). Replaces any fade set before. Render thread
    /// (no allocation), or the control thread before the noise runs.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public mutating func setFade(_ fade: NoiseFade?) {
        self.fade = fade
        if let fade {
            fadeStart = fade.start
            fadeEnd = fade.end
        } else {
            fadeStart = Int64.max
            fadeEnd = Int64.max
        }
    }

    /// True once the fade has reached silence: every further frame is 0.
    public var isFinished: Bool { position >= fadeEnd - 1 }

    /// Writes the next `frames` frames to `out[0..<frames]`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public mutating func render(into out: UnsafeMutablePointer<Float>, frames: Int) {
        out.update(repeating: 0, count: frames)
        mix(into: out, frames: frames)
    }

    /// Adds the next `frames` frames to `out[0..<frames]` (on top of a click or music).
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public mutating func mix(into out: UnsafeMutablePointer<Float>, frames: Int) {
        let start = position
        position = start + Int64(frames)
        // Frames [0, loud) at full gain, [loud, silentFrom) fading, [silentFrom, frames) silent
        // (from the fade's last frame on, which is itself silent).
        let loud = NoiseGenerator.offset(of: fadeStart, from: start, frames: frames)
        let silentFrom = NoiseGenerator.offset(of: fadeEnd - 1, from: start, frames: frames)
        var i = 0
        while i < loud {
            out[i] += Float(next())
            i += 1
        }
        if let f = fade {
            while i < silentFrom {
                out[i] += Float(next() * f.gain(at: start + Int64(i)))
                i += 1
            }
        }
    }

    /// Where `frame` falls in a block of `frames` frames from `start`: 0 if before, `frames` if after.
    @inline(__always)
    private static func offset(of frame: Int64, from start: Int64, frames: Int) -> Int {
        if frame <= start { return 0 }
        if frame - start >= Int64(frames) { return frames }
        return Int(frame - start)
    }

    /// The next sample before any fade.
    @inline(__always)
    private mutating func next() -> Double {
        let w = random.nextSymmetric()
        let bed = filter.next(w)
        if layer.kind == .plain { return NoiseGenerator.softCeiling(bed * gain) }
        return NoiseGenerator.softCeiling(layer.next(bed: bed, random: &random) * gain)
    }

    /// x itself up to the knee; above it, bent smoothly (same slope at the knee) towards ±1,
    /// and never further than the largest Float below 1, so that no sample is ever ±1.
    @inline(__always)
    static func softCeiling(_ x: Double) -> Double {
        let m = x < 0 ? -x : x
        if m <= knee { return x }
        let u = (m - knee) / (1 - knee)
        var bent = knee + (1 - knee) * u / (1 + u)
        if bent > largestBelowOne { bent = largestBelowOne }
        return x < 0 ? -bent : bent
    }

    /// 1 − 2⁻²⁴, exactly a Float.
    static let largestBelowOne = 0x1.fffffep-1
}
