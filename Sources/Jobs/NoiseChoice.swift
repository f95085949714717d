import Persistence
import RenderGraph

/// `woodshed noise NAME` as the user asked: a colour, a noise preset or a catalog sound
/// (`NoiseSound`), with the options' level, time and fade over the preset's. Main thread (a
/// preset or a sound is read from disk).
public struct NoiseChoice {
    /// What plays.
    public let sound: NoiseSound
    /// dBFS RMS.
    public let level: Double
    /// How long it plays (nil: until quit).
    public let seconds: Double?
    /// The fade-out at the end of `seconds` (0 without a time), at most half of it.
    public let fadeSeconds: Double

    /// `duration` and `fade` are the user's text (checked by the caller: `DurationText`).
    public init(name: String, level: Double?, duration: String?, fade: String?) throws {
        sound = try NoiseSound(name: name)
        let preset = sound.preset
        self.level = level ?? sound.level
        let seconds = duration.flatMap(DurationText.seconds) ?? preset?.seconds.map(Double.init)
        if fade != nil && seconds == nil { throw ValidationErrorMessage("--fade needs --for (the fade ends the timer)") }
        fadeSeconds = seconds.map { total in
            let asked = fade.map { $0 == "0" ? 0 : DurationText.seconds($0) ?? 10 } ?? preset?.fadeSeconds.map(Double.init) ?? 10
            return min(asked, total / 2)
        } ?? 0
        self.seconds = seconds
    }

    /// `--level` and `--fade` checked before a preset is read or anything opens.
    public static func check(level: Double?, fade: String?) throws(OptionProblem) {
        if let level, !NoiseGenerator.levelRange.contains(level) { throw OptionProblem(NoiseError.levelOutOfRange(level).description) }
        if let fade, fade != "0", DurationText.seconds(fade) == nil {
            throw OptionProblem("--fade takes a time such as 20s, or 0, not '\(fade)'")
        }
    }

    /// `--until HH:MM`: a time of day, never with `--for` (`duration`).
    public static func check(until: String?, duration: String?) throws(OptionProblem) {
        if until != nil && duration != nil { throw OptionProblem("give --for or --until, not both") }
        if let until, AlarmTime(until) == nil { throw OptionProblem("--until takes a time of day such as 07:00, not '\(until)'") }
    }

    /// The colour (a catalog sound's bed colour).
    public var color: NoiseColor { sound.color }
}
