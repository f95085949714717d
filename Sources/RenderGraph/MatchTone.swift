import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tone of `woodshed tinnitus match`: a sine on music left and right whose frequency and
/// level the control thread sets (`set`, atomics) and the render thread follows (`render`):
/// the phase runs on across a change of frequency and the level glides over about 10 ms, so a
/// key press never clicks. `prepare` on the control thread before a connection's cycles run;
/// `render` on the render thread only (no allocation, no lock).
///
/// With `noiseBand` (`--noise-band`) it plays narrow-band noise around the frequency instead
/// (`MatchToneNoiseBand`): the level is then its peak too — the noise's RMS sits
/// `noiseBandCrestDecibels` below it, and a sample beyond it is held at it, so it never goes
/// above −10 dBFS either.
public final class MatchTone: @unchecked Sendable {
    /// The quietest and the loudest level, in dBFS (the sine's peak): it starts quiet and never
    /// goes above −10 dBFS.
    public static let levelRange = -70.0 ... -10.0
    /// The frequencies it plays, in Hz; above 0.45 × the rate it is silent.
    public static let frequencyRange = 125.0 ... 16_000.0

    private let frequencyBits = Atomic<UInt64>(1000.0.bitPattern)
    /// The sine's peak, 10^(level/20), worked out on the control thread.
    private let amplitudeBits = Atomic<UInt64>(0.01.bitPattern)
    private let sounding = Atomic<Bool>(true)
    /// Narrow-band noise instead of the sine (`--noise-band`).
    public let noiseBand: Bool
    /// The noise band's RMS below the level asked for (its peak), in dB.
    public static let noiseBandCrestDecibels = 12.0
    /// Render thread only (after `prepare`).
    private var band = MatchToneNoiseBand()
    /// `--noise-band`: the band's tuning per 1/48 octave step from the bottom of
    /// `frequencyRange` (`bandSteps` of them), made for the rate in `prepare`; the control
    /// thread says which step plays (`bandStep`).
    static let bandSteps = 7 * 48 + 1
    private let bandTunings: UnsafeMutablePointer<MatchToneNoiseBand.Tuning>
    private let bandStep = Atomic<Int>(0)
    /// Render thread only (after `prepare`).
    private var rate = 48_000.0
    private var phase = 0.0
    private var amplitude = 0.0
    /// The glide's step: a one-pole with a 10 ms time constant at the rate.
    private var glide = 0.0

    /// One cycle of a sine, `tableSize` + 1 points (the last repeats the first), read with linear
    /// interpolation (within 3e-7 of the sine: below −130 dB); made here, freed in `deinit`.
    static let tableSize = 4096
    private let table: UnsafeMutablePointer<Double>

    public init(noiseBand: Bool = false) {
        self.noiseBand = noiseBand
        bandTunings = .allocate(capacity: noiseBand ? MatchTone.bandSteps : 1)
        bandTunings.initialize(repeating: MatchToneNoiseBand.Tuning(), count: noiseBand ? MatchTone.bandSteps : 1)
        table = .allocate(capacity: MatchTone.tableSize + 1)
        for i in 0...MatchTone.tableSize { (table + i).initialize(to: sin(2 * Double.pi * Double(i) / Double(MatchTone.tableSize))) }
    }

    deinit {
        table.deallocate()
        bandTunings.deallocate()
    }

    /// Control thread: plays `frequency` Hz at `level` dBFS (each clamped to its range), or
    /// silence when `sounding` is false.
    public func set(frequency: Double, level: Double, sounding on: Bool = true) {
        frequencyBits.store(min(max(frequency, MatchTone.frequencyRange.lowerBound), MatchTone.frequencyRange.upperBound).bitPattern,
                            ordering: .relaxed)
        let clamped = min(max(level, MatchTone.levelRange.lowerBound), MatchTone.levelRange.upperBound)
        amplitudeBits.store(pow(10, clamped / 20).bitPattern, ordering: .relaxed)
        if noiseBand { bandStep.store(MatchTone.bandStep(frequency), ordering: .relaxed) }
        sounding.store(on, ordering: .relaxed)
    }

    /// Control thread, before a connection at `rate` runs: starts from silence.
    public func prepare(rate: Int) {
        self.rate = Double(rate)
        phase = 0
        amplitude = 0
        glide = 1 - exp(-1 / (0.01 * Double(rate)))
        band = MatchToneNoiseBand()
        if noiseBand {
            for k in 0..<MatchTone.bandSteps {
                let f = MatchTone.frequencyRange.lowerBound * pow(2, Double(k) / 48)
                // Above 0.45 × the rate it is silent (and the band-pass undefined at Nyquist).
                bandTunings[k] = f < 0.45 * Double(rate) ? MatchToneNoiseBand.tuning(frequency: f, rate: Double(rate)) : .init()
            }
        }
    }

    /// The noise band's step nearest `frequency` (clamped to `frequencyRange`). Any thread.
    static func bandStep(_ frequency: Double) -> Int {
        let f = min(max(frequency, frequencyRange.lowerBound), frequencyRange.upperBound)
        return min(max(Int((48 * log2(f / frequencyRange.lowerBound)).rounded()), 0), bandSteps - 1)
    }

    /// Writes `frames` frames of the tone to both channels. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let f = Double(bitPattern: frequencyBits.load(ordering: .relaxed))
        let peak = Double(bitPattern: amplitudeBits.load(ordering: .relaxed))
        let on = sounding.load(ordering: .relaxed)
        let nyquistSafe = f < 0.45 * rate
        let target = on && nyquistSafe ? peak : 0
        let step = f / rate
        var b = band
        if noiseBand {
            let k = bandStep.load(ordering: .relaxed)
            if k != b.tuningIndex { b.use(bandTunings[k], index: k) }
        }
        let bandScale = 0.251_188_643_150_958   // 10^(−noiseBandCrestDecibels / 20), 12 dB
        var i = 0
        while i < frames {
            amplitude += (target - amplitude) * glide
            let s: Double
            if noiseBand {
                s = nyquistSafe ? min(max(b.next() * bandScale, -1), 1) : 0
            } else {
                let x = phase * Double(MatchTone.tableSize)
                let k = Int(x)
                s = table[k] + (table[k + 1] - table[k]) * (x - Double(k))
            }
            let y = Float(amplitude * s)
            left[i] = y
            right[i] = y
            phase += step
            if phase >= 1 { phase -= 1 }
            i += 1
        }
        band = b
    }
}
