/// `woodshed sounds preview NAME`: a sound (a colour, a noise preset or a catalog sound) for 3
/// seconds, fading out over the last second, on the live output, without MPRIS. Main thread;
/// `check`: any thread.
public struct SoundPreview: Sendable, Equatable {
    /// The preview's length and its fade-out.
    public static let duration = "3s", fade = "1s"
    public var name: String
    /// `--level` in dBFS RMS; nil: the sound's.
    public var level: Double?
    /// The output options every live command shares; `--for` is refused.
    public var output: LiveOutputRequest

    public init(name: String, level: Double? = nil, output: LiveOutputRequest = LiveOutputRequest()) {
        self.name = name
        self.level = level
        self.output = output
    }

    /// `--level`, then `--for` (a preview has its own length), then the output options.
    public func check() throws(OptionProblem) {
        try NoiseChoice.check(level: level, fade: nil)
        if output.duration != nil { throw OptionProblem("a preview plays \(Self.duration); to play longer: woodshed noise \(name) --for TIME") }
        try output.check()
    }

    /// Plays it through `NoiseLaunch`.
    public func run() throws {
        var request = output
        request.duration = Self.duration
        request.mpris = false   // 3 s on the desktop's media controls would only flicker
        try NoiseLaunch(color: name, level: level, fade: Self.fade, scope: false, output: request).run()
    }
}
