import RenderGraph

/// What `render --noise NAME` renders: a colour with the options, or a noise preset with the
/// options over its settings (its fade at most half its time, as `woodshed noise` plays it).
/// Main thread (a preset is read from disk).
public struct RenderNoise: Equatable {
    public let color: NoiseColor
    /// dBFS RMS.
    public let level: Double
    public let seconds: Double
    /// The fade-out over the last seconds, nil for none.
    public let fade: Double?

    /// `--noise NAME`, `--noise-level`, `--seconds`, `--fade`. A value out of range or a missing
    /// length is an `OptionProblem`; an unknown name or a broken preset a `ValidationErrorMessage`.
    public init(name: String, level: Double?, seconds: Double?, fade: Double?) throws {
        if let level, !NoiseGenerator.levelRange.contains(level) { throw OptionProblem(NoiseError.levelOutOfRange(level).description) }
        let preset = try NoiseChoice.preset(name)
        do { color = try NoiseColor(parsing: preset?.color ?? name) } catch { throw OptionProblem(error.description) }
        guard let seconds = seconds ?? preset?.seconds.map(Double.init) else {
            throw OptionProblem("--noise needs a length: give --seconds (e.g. --noise \(name) --seconds 600)")
        }
        if let fade, !(fade > 0 && fade <= seconds) { throw OptionProblem("--fade \(fade) is out of range: use more than 0 and at most --seconds") }
        let presetFade = preset?.fadeSeconds.flatMap { $0 > 0 ? min(Double($0), seconds / 2) : nil }
        self.level = level ?? preset?.level ?? NoiseGenerator.defaultLevel
        self.seconds = seconds
        self.fade = fade ?? presetFade
    }
}
