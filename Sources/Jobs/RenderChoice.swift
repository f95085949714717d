import OfflineBackend
import RenderGraph
import WoodshedCore

/// What `woodshed render`'s options ask for, checked together after parsing: one kind of
/// render (a click track, `--play`, `--playlist` or `--noise`), a supported rate, a file format
/// from `--format` or the output's name (with `--quality` for the lossy ones, and Opus at
/// 48 kHz only), and a length; then what goes with the music, read at the rate: `--then-sound`
/// (after `--play` or `--playlist`), `--notch` (not on a click track) and the listening filters
/// (with `--play`). A conflict or a value out of range is an `OptionProblem` (the command line
/// reports it as a usage error); an unknown noise preset or a broken one a
/// `ValidationErrorMessage`. Any thread (reads noise presets and the tinnitus profile).
public struct RenderChoice {
    public let format: OutputFormat
    /// `--noise` and its settings; nil for the other kinds.
    public let noise: RenderNoise?
    /// `--then-sound`, `--notch` and `--filter` read; nil when not given.
    public let thenSound: ThenNoise?
    public let notch: Notch?
    public let filter: FilterChoice?

    /// The tempo, `--map` and `--preset` of the click options, and the rest, as given.
    public init(output: String, format: String?, rate: Int, seconds: Double?, tempo: String?, map: String?, preset: String?,
                play: String?, playlist: String?, noise: String?, noiseLevel: Double?, fade: Double?, notch: String? = nil,
                quality: Int? = nil, thenSound: String? = nil, filter: String? = nil, karaoke: Bool = false) throws {
        let clickAsked = tempo != nil || map != nil || preset != nil
        if let noise {
            if play != nil || clickAsked {
                throw OptionProblem("--noise renders noise alone: leave out the tempo, --map, --preset and --play")
            }
            self.noise = try RenderNoise(name: noise, level: noiseLevel, seconds: seconds, fade: fade)
        } else {
            if noiseLevel != nil { throw OptionProblem("--noise-level goes with --noise") }
            if fade != nil { throw OptionProblem("--fade goes with --noise") }
            self.noise = nil
        }
        if notch != nil && play == nil && playlist == nil && noise == nil {
            throw OptionProblem("--notch filters music and noise, never the click: give --play, --playlist or --noise")
        }
        if playlist != nil && (play != nil || noise != nil || clickAsked) {
            throw OptionProblem("--playlist renders the playlist alone: leave out the tempo, --map, --preset, --play and --noise")
        }
        if play == nil && noise == nil && playlist == nil && !clickAsked {
            throw OptionProblem("give a tempo (e.g. 120), --map FILE or --preset NAME")
        }
        guard (8_000...384_000).contains(rate) else {
            throw OptionProblem("rate \(rate) is not supported: use 8000 to 384000 Hz")
        }
        if let format {
            guard let f = OutputFormat(option: format) else {
                throw OptionProblem("unknown format '\(format)': use wav16, wav24, wav32f, flac16, flac24, mp3, ogg or opus")
            }
            self.format = f
        } else {
            guard let f = OutputFormat.forPath(output) else {
                throw OptionProblem("cannot tell the format of '\(output)': name it .wav, .flac, .mp3, .ogg or .opus, or give --format")
            }
            self.format = f
        }
        if let quality {
            guard self.format.isLossy else {
                throw OptionProblem("--quality goes with --format mp3, ogg or opus, not \(self.format.rawValue)")
            }
            guard OutputFormat.qualityRange.contains(quality) else {
                throw OptionProblem("--quality \(quality) is out of range: use 0 (smallest) to 10 (best)")
            }
        }
        if let required = self.format.requiredRate, rate != required {
            throw OptionProblem("\(self.format.rawValue) is written at \(required) Hz only, not \(rate): leave out --rate (the music is resampled to it)")
        }
        if let seconds, !(seconds > 0 && seconds <= Double(OptionRange.longestSeconds)) {
            throw OptionProblem("--seconds \(seconds) is out of range: use more than 0 and at most \(OptionRange.longestSeconds)")
        }
        if thenSound != nil && play == nil && playlist == nil { throw OptionProblem("--then-sound follows --play or --playlist") }
        self.thenSound = try ThenNoise.option(thenSound)
        self.notch = try Notch.option(notch, rate: rate)
        if (filter != nil || karaoke) && play == nil { throw OptionProblem("--filter and --karaoke go with --play") }
        self.filter = try FilterChoice.option(filter, rate: rate)
    }
}
