import App
import RenderGraph

/// `--then-sound NAME:DURATION` (`play`, and `playlist play`, where `--then-noise` is another
/// name for it): this sound for this long after the program's end (fading out over min(10 s,
/// half of it)). NAME is a colour, a noise preset or a catalog sound (`NoiseSound`). Main thread.
public struct ThenNoise {
    /// What plays.
    public let sound: NoiseSound
    public let seconds: Double

    /// `brown:15m` → brown for 900 s, `rain:30m`; anything else is an error naming the value.
    public init(parsing text: String) throws(ValidationErrorMessage) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let seconds = DurationText.seconds(parts[1]) else {
            throw ValidationErrorMessage("--then-sound takes SOUND:DURATION such as brown:15m, not '\(text)'")
        }
        do { sound = try NoiseSound(name: parts[0]) } catch { throw ValidationErrorMessage("--then-sound: \(error)") }
        self.seconds = seconds
    }

    /// The colour (a catalog sound's bed colour).
    public var color: NoiseColor { sound.color }

    /// The title shown while it plays: "Brown Noise", "Rain".
    public var title: String { sound.title }

    /// The generator for a connection at `rate`, timed by `timer` (its time left and fade).
    public func generator(timer: NoiseTimer, rate: Int) throws -> NoiseGenerator {
        try timer.generator(recipe: try sound.recipe(rate: rate), rate: rate, level: sound.level)
    }

    /// `--then-sound` as `play` and `render` take it (nil: not given); a bad value is a problem.
    public static func option(_ text: String?) throws(OptionProblem) -> ThenNoise? {
        guard let text else { return nil }
        do { return try ThenNoise(parsing: text) } catch { throw OptionProblem(error.description) }
    }

    /// `--then-sound` (or `--then-noise`) as `playlist play` takes it (nil: not given); a bad value, or noise after
    /// `--repeat-all` (which never ends), is a problem.
    public static func option(_ text: String?, repeatAll: Bool) throws(OptionProblem) -> ThenNoise? {
        guard let noise = try option(text) else { return nil }
        if repeatAll { throw OptionProblem("--repeat-all never ends, so --then-sound would never start") }
        return noise
    }
}

extension ThenNoise: Equatable {
    public static func == (a: ThenNoise, b: ThenNoise) -> Bool { a.sound.name == b.sound.name && a.seconds == b.seconds }
}
