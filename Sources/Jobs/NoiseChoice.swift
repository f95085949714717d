import Persistence
import RenderGraph

/// `woodshed noise NAME` as the user asked: a colour or a noise preset, with the options'
/// level, time and fade over the preset's. Main thread (a preset is read from disk).
public struct NoiseChoice {
    public let color: NoiseColor
    /// dBFS RMS.
    public let level: Double
    /// How long it plays (nil: until quit).
    public let seconds: Double?
    /// The fade-out at the end of `seconds` (0 without a time), at most half of it.
    public let fadeSeconds: Double

    /// `duration` and `fade` are the user's text (checked by the caller: `DurationText`).
    public init(name: String, level: Double?, duration: String?, fade: String?) throws {
        let preset = try Self.preset(name)
        color = try NoiseColor(parsing: preset?.color ?? name)
        self.level = level ?? preset?.level ?? NoiseGenerator.defaultLevel
        let seconds = duration.flatMap(DurationText.seconds) ?? preset?.seconds.map(Double.init)
        if fade != nil && seconds == nil { throw ValidationErrorMessage("--fade needs --for (the fade ends the timer)") }
        fadeSeconds = seconds.map { total in
            let asked = fade.map { $0 == "0" ? 0 : DurationText.seconds($0) ?? 10 } ?? preset?.fadeSeconds.map(Double.init) ?? 10
            return min(asked, total / 2)
        } ?? 0
        self.seconds = seconds
    }

    /// The noise preset `name` stands for; nil for a colour. An unknown name is an error
    /// listing the colours and the presets.
    public static func preset(_ name: String) throws -> NoisePreset? {
        if (try? NoiseColor(parsing: name)) != nil { return nil }
        let library = NoisePresetLibrary(colors: NoiseColor.allCases.map(\.rawValue), levels: NoiseGenerator.levelRange)
        do {
            guard let preset = try library.load(name: name) else {
                if let missing = library.missingData { throw ValidationErrorMessage("'\(name)' is not a noise colour or preset: \(missing)") }
                throw ValidationErrorMessage("'\(name)' is not a noise colour or preset: use white, pink, brown, or "
                    + library.names().joined(separator: ", "))
            }
            return preset
        } catch let e as JSONFileError {
            throw ValidationErrorMessage(e.description)
        }
    }

    /// `--level` and `--fade` checked before a preset is read or anything opens.
    public static func check(level: Double?, fade: String?) throws(OptionProblem) {
        if let level, !NoiseGenerator.levelRange.contains(level) { throw OptionProblem(NoiseError.levelOutOfRange(level).description) }
        if let fade, fade != "0", DurationText.seconds(fade) == nil {
            throw OptionProblem("--fade takes a time such as 20s, or 0, not '\(fade)'")
        }
    }
}
