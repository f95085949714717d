/// What a background sound (`woodshed noise NAME`, a catalog sound) is made of, for
/// `NoiseGenerator`: a noise colour alone, or one of the generated characters over a noise bed,
/// or a sound file's samples looped. Any thread (a value; the loop's samples belong to whoever
/// allocated them).
///
/// The characters, each measured by `Tests/RenderGraphTests/NoiseCharacterTests.swift`:
/// - `rain`: pink noise low-passed (two poles at `bedCutoffHertz`, −12 dB/octave above) with
///   droplets, decaying sine plinks (8 ms) between `dropletLowHertz` and `dropletHighHertz`,
///   `dropletsPerSecond` of them on average (each gap drawn uniformly from 0.5 to 1.5 times the
///   mean gap), their peaks about 4 times the bed's RMS;
/// - `fan`: brown noise with a motor hum at `humHertz` and its first `harmonics` multiples
///   (amplitudes 1, ½, ¼, …), the hum's RMS `humDecibels` relative to the noise;
/// - `ocean`: pink noise swelling and ebbing, wave after wave, each wave lasting a time drawn
///   from `shortestSwellSeconds` to `longestSwellSeconds` (a raised cosine from the trough,
///   `troughDecibels` below the crest, to the crest and back);
/// - `tone`: an alarm's beeps: `beeps` sine beeps of `beepSeconds` at `hertz`, `gapSeconds`
///   apart, then `pauseSeconds` of silence, over and over (5 ms ramps at each edge);
/// - `loop`: a sound file's samples at the output rate, crossfaded at the seam (`NoiseLoop`).
public enum NoiseRecipe: Sendable, Equatable, BitwiseCopyable {
    case noise(NoiseColor)
    case rain(dropletsPerSecond: Double, bedCutoffHertz: Double, dropletLowHertz: Double, dropletHighHertz: Double)
    case fan(humHertz: Double, harmonics: Int, humDecibels: Double)
    case ocean(shortestSwellSeconds: Double, longestSwellSeconds: Double, troughDecibels: Double)
    case tone(hertz: Double, beeps: Int, beepSeconds: Double, gapSeconds: Double, pauseSeconds: Double)
    case loop(NoiseLoop)

    /// The noise under the character: pink for rain and ocean, brown for the fan, none (white,
    /// unused) for tones and loops.
    public var bed: NoiseColor {
        switch self {
        case .noise(let color): color
        case .rain, .ocean: .pink
        case .fan: .brown
        case .tone, .loop: .white
        }
    }

    /// Whether a noise bed is heard (tones and loops have none).
    var hasBed: Bool {
        switch self {
        case .tone, .loop: false
        default: true
        }
    }
}
