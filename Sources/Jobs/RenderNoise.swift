import RenderGraph

/// What `render --noise NAME` renders: a colour or a catalog sound with the options, or a noise
/// preset with the options over its settings (its fade at most half its time, as `woodshed
/// noise` plays it). Main thread (a preset or a sound is read from disk).
public struct RenderNoise {
    /// What is rendered.
    public let sound: NoiseSound
    /// dBFS RMS.
    public let level: Double
    public let seconds: Double
    /// The fade-out over the last seconds, nil for none.
    public let fade: Double?

    /// `--noise NAME`, `--noise-level`, `--seconds`, `--fade`. A value out of range or a missing
    /// length is an `OptionProblem`; an unknown name or a broken preset a `ValidationErrorMessage`.
    public init(name: String, level: Double?, seconds: Double?, fade: Double?) throws {
        if let level, !NoiseGenerator.levelRange.contains(level) { throw OptionProblem(NoiseError.levelOutOfRange(level).description) }
        sound = try NoiseSound(name: name)
        let preset = sound.preset
        guard let seconds = seconds ?? preset?.seconds.map(Double.init) else {
            throw OptionProblem("--noise needs a length: give --seconds (e.g. --noise \(name) --seconds 600)")
        }
        if let fade, !(fade > 0 && fade <= seconds) { throw OptionProblem("--fade \(fade) is out of range: use more than 0 and at most --seconds") }
        let presetFade = preset?.fadeSeconds.flatMap { $0 > 0 ? min(Double($0), seconds / 2) : nil }
        self.level = level ?? sound.level
        self.seconds = seconds
        self.fade = fade ?? presetFade
    }

    /// The colour (a catalog sound's bed colour).
    public var color: NoiseColor { sound.color }
}

extension RenderNoise: Equatable {
    public static func == (a: RenderNoise, b: RenderNoise) -> Bool {
        a.sound.name == b.sound.name && a.level == b.level && a.seconds == b.seconds && a.fade == b.fade
    }
}
