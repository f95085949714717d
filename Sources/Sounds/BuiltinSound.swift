import RenderGraph

/// A click sound synthesized at the output rate, chosen by name with `--sound`. Control thread.
///
/// Every sound has three timbres: the accent brighter and louder (peak 0.89), the normal click
/// (peak 0.7), the subdivision softer and shorter (peak 0.28, 0.4 of normal). Each wave starts
/// with its attack on sample 0, lasts 20–26 ms whatever the rate and fades to exactly 0, so clicks
/// 30 ms apart (eighth notes at 1000 BPM) stay separate.
public enum BuiltinSound: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Decaying sine tones, the accent a fourth higher, like a classic electronic metronome.
    case beep
    /// A few damped inharmonic modes: a high block for the accent, a low one for the beat.
    case woodblock
    /// Two detuned square-ish partials, the TR-808 way.
    case cowbell
    /// One bright damped mode, very short.
    case clave
    /// A high-passed noise burst with a woody crack.
    case stick
    /// A thin, bright noise burst.
    case hihat
    /// A band-limited square wave, like klick's default click.
    case square

    /// The sound used when `--sound` is not given.
    public static let `default` = BuiltinSound.beep

    /// All names, in the order `--help` lists them.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The sound called `name` (any case); throws `SoundError.unknownSound` listing the names.
    public init(named name: String) throws(SoundError) {
        guard let sound = BuiltinSound(rawValue: name.lowercased()) else { throw .unknownSound(name) }
        self = sound
    }

    public var description: String { rawValue }

    /// The three waves at `rate` Hz (8 kHz to 768 kHz).
    public func waves(rate: Int) throws(SoundError) -> ClickWaves {
        try ClickWaves.checkRate(rate)
        let r = recipes
        return ClickWaves(accent: r.accent.render(rate: rate), normal: r.normal.render(rate: rate),
                          subdivision: r.subdivision.render(rate: rate), rate: rate)
    }

    /// The waves at `rate` Hz, ready for the renderer, named after the sound.
    public func clickSounds(rate: Int) throws(SoundError) -> ClickSounds {
        try waves(rate: rate).clickSounds(name: rawValue)
    }

    // MARK: - Recipes

    static let accentPeak: Float = 0.89
    static let normalPeak: Float = 0.7
    static let subdivisionPeak: Float = 0.28

    private typealias P = SynthesizedClick.Partial
    private typealias Recipes = (accent: SynthesizedClick, normal: SynthesizedClick,
                                 subdivision: SynthesizedClick)

    private static func click(_ partials: [P], noise: SynthesizedClick.Noise? = nil,
                              level: Int) -> SynthesizedClick {
        let (length, fade, peak): (Double, Double, Float) = switch level {
        case 0: (0.026, 0.008, accentPeak)
        case 1: (0.024, 0.008, normalPeak)
        default: (0.020, 0.006, subdivisionPeak)
        }
        return SynthesizedClick(partials: partials, noise: noise, length: length, fade: fade, peak: peak)
    }

    /// Inharmonic modes of a struck block, as ratios to the lowest one.
    private static func modes(_ f: Double, amplitudes: [Double], decay: Double) -> [P] {
        let ratios = [1.0, 2.29, 3.87, 5.61]
        return zip(ratios, amplitudes).enumerated().map { i, m in
            P(frequency: f * m.0, amplitude: m.1, decay: decay / Double(1 + i))
        }
    }

    /// A square wave's odd harmonics in cosine phase (the plateau sits on sample 0).
    private static func squareWave(_ f: Double, decay: Double) -> [P] {
        stride(from: 1, through: 15, by: 2).map { k in
            P(frequency: f * Double(k), amplitude: (k % 4 == 1 ? 1 : -1) / Double(k), decay: decay)
        }
    }

    private var recipes: Recipes {
        typealias N = SynthesizedClick.Noise
        let c = BuiltinSound.click
        switch self {
        case .beep:
            return (c([P(frequency: 1760, amplitude: 1, decay: 0.012),
                       P(frequency: 3520, amplitude: 0.12, decay: 0.006)], nil, 0),
                    c([P(frequency: 1320, amplitude: 1, decay: 0.010)], nil, 1),
                    c([P(frequency: 1320, amplitude: 1, decay: 0.005),
                       P(frequency: 2640, amplitude: 0.05, decay: 0.002)], nil, 2))
        case .woodblock:
            let m = BuiltinSound.modes
            return (c(m(1040, [1, 0.6, 0.4, 0.2], 0.011), nil, 0),
                    c(m(880, [1, 0.45, 0.25, 0.12], 0.010), nil, 1),
                    c(m(880, [1, 0.3, 0.1], 0.005), nil, 2))
        case .cowbell:
            func bell(_ low: Double, _ bright: Double, _ decay: Double) -> [P] {
                let high = low * 1.481
                return [P(frequency: low, amplitude: 1, decay: decay),
                        P(frequency: high, amplitude: 0.9, decay: decay),
                        P(frequency: 3 * low, amplitude: 0.33 * bright, decay: decay / 2),
                        P(frequency: 3 * high, amplitude: 0.3 * bright, decay: decay / 2),
                        P(frequency: 5 * low, amplitude: 0.2 * bright, decay: decay / 3)]
            }
            return (c(bell(587, 1.4, 0.014), nil, 0), c(bell(540, 1, 0.012), nil, 1),
                    c(bell(540, 0.3, 0.006), nil, 2))
        case .clave:
            return (c([P(frequency: 2800, amplitude: 1, decay: 0.007),
                       P(frequency: 7728, amplitude: 0.15, decay: 0.002)], nil, 0),
                    c([P(frequency: 2500, amplitude: 1, decay: 0.006)], nil, 1),
                    c([P(frequency: 2500, amplitude: 1, decay: 0.003)], nil, 2))
        case .stick:
            return (c([P(frequency: 3300, amplitude: 0.5, decay: 0.004)],
                      N(amplitude: 1, decay: 0.004, highPass: 1500, lowPass: 12_000, seed: 0x5717_C001), 0),
                    c([P(frequency: 3100, amplitude: 0.4, decay: 0.003)],
                      N(amplitude: 1, decay: 0.003, highPass: 1800, lowPass: 12_000, seed: 0x5717_C002), 1),
                    c([], N(amplitude: 1, decay: 0.002, highPass: 2500, lowPass: 12_000, seed: 0x5717_C003), 2))
        case .hihat:
            return (c([], N(amplitude: 1, decay: 0.008, highPass: 6000, lowPass: 16_000, seed: 0x4147_0001), 0),
                    c([], N(amplitude: 1, decay: 0.006, highPass: 7000, lowPass: 15_000, seed: 0x4147_0002), 1),
                    c([], N(amplitude: 1, decay: 0.003, highPass: 8000, lowPass: 14_000, seed: 0x4147_0003), 2))
        case .square:
            let s = BuiltinSound.squareWave
            return (c(s(1200, 0.010), nil, 0), c(s(880, 0.009), nil, 1), c(s(880, 0.004), nil, 2))
        }
    }
}
