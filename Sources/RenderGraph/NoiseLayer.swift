/// What `NoiseGenerator` makes of its noise bed: nothing (a plain colour), or one of the
/// characters of `NoiseRecipe` (rain, fan, ocean, an alarm's beeps, a looped sound file), each
/// with its power for a bed of unit power, so that the generator's gain sets the level.
/// Render thread once built (a plain value: every character's state side by side, the unused
/// ones idle, so that nothing is switched in or out while it plays).
struct NoiseLayer: BitwiseCopyable {
    enum Kind: BitwiseCopyable { case plain, rain, fan, ocean, tone, loop }

    let kind: Kind
    private var rain: NoiseRain?
    private var hum: NoiseHum?
    private var swell: NoiseSwell?
    private var beeps: NoiseBeeps?
    private let loop: NoiseLoop?
    private var loopFrame = 0
    /// The layer's power: for a plain colour, the bed's (E/3); otherwise the character's for its
    /// bed scaled to unit power (the loop: its own mean square).
    let power: Double

    /// Control thread. `bedPower` is the raw bed's power (the colour filter's E/3).
    init(_ recipe: NoiseRecipe, bedPower: Double, rate: Int, random: inout NoiseRandom) {
        var power = bedPower
        var samples: NoiseLoop?
        switch recipe {
        case .noise:
            kind = .plain
        case .rain(let perSecond, let cutoff, let low, let high):
            kind = .rain
            let r = NoiseRain(dropletsPerSecond: perSecond, bedCutoffHertz: cutoff, dropletLowHertz: low, dropletHighHertz: high, rate: rate)
            rain = r
            power = r.power
        case .fan(let hertz, let harmonics, let decibels):
            kind = .fan
            let h = NoiseHum(humHertz: hertz, harmonics: harmonics, humDecibels: decibels, bedPower: bedPower, rate: rate)
            hum = h
            power = h.power
        case .ocean(let shortest, let longest, let trough):
            kind = .ocean
            let s = NoiseSwell(shortestSeconds: shortest, longestSeconds: longest, troughDecibels: trough, bedPower: bedPower,
                               rate: rate, random: &random)
            swell = s
            power = s.power
        case .tone(let hertz, let count, let beepSeconds, let gapSeconds, let pauseSeconds):
            kind = .tone
            let b = NoiseBeeps(hertz: hertz, beeps: count, beepSeconds: beepSeconds, gapSeconds: gapSeconds,
                               pauseSeconds: pauseSeconds, rate: rate)
            beeps = b
            power = b.power
        case .loop(let file):
            kind = .loop
            samples = file
            power = file.rms * file.rms
        }
        loop = samples
        self.power = power
    }

    /// The next sample before the generator's gain, from the raw bed sample `bed` (plain: the
    /// bed itself).
    @inline(__always)
    mutating func next(bed: Double, random: inout NoiseRandom) -> Double {
        switch kind {
        case .plain: return bed
        case .rain: return rain!.next(bed: bed, random: &random)
        case .fan: return hum!.next(bed: bed)
        case .ocean: return swell!.next(bed: bed, random: &random)
        case .tone: return beeps!.next()
        case .loop:
            let x = Double(loop!.samples[loopFrame])
            loopFrame += 1
            if loopFrame == loop!.count { loopFrame = 0 }
            return x
        }
    }
}
