import Persistence
import RenderGraph
import Sounds

/// What a name given to `noise`, `render --noise` or `--then-sound` stands for: a noise colour
/// (white, pink, brown), a noise preset (its colour, level, time and fade), or a sound of the
/// catalog (`SoundCatalog`: rain, fan, ocean, alarm tones, the user's own), tried in that order.
/// Main thread (presets and sounds are read from disk).
public struct NoiseSound {
    public let name: String
    /// The colour, or the bed's colour of a catalog sound.
    public let color: NoiseColor
    /// The preset `name` stands for, if it is one.
    public let preset: NoisePreset?
    /// The catalog sound `name` stands for, if it is one (it keeps a looped file's samples).
    public let sound: CatalogSound?

    /// Throws one line for a name that is none of these (listing them), a broken preset or
    /// catalog file (file, line, field), or a sound that cannot be had.
    public init(name: String) throws {
        self.name = name
        if let color = try? NoiseColor(parsing: name) {
            self.color = color
            preset = nil
            sound = nil
            return
        }
        let presets = NoisePresetLibrary(colors: NoiseColor.allCases.map(\.rawValue), levels: NoiseGenerator.levelRange)
        let found: NoisePreset?
        do { found = try presets.load(name: name) } catch { throw ValidationErrorMessage(error.description) }
        if let found {
            color = try NoiseColor(parsing: found.color)
            preset = found
            sound = nil
            return
        }
        let catalog = SoundCatalog()
        do {
            let sound = try catalog.sound(named: name)
            self.sound = sound
            preset = nil
            color = sound.bed
        } catch SoundCatalogError.unknown {
            let what = "'\(name)' is not a noise colour, preset or sound"
            if let missing = presets.missingData { throw ValidationErrorMessage("\(what): \(missing)") }
            let colors = Set(NoiseColor.allCases.map(\.rawValue))
            throw ValidationErrorMessage("\(what): use white, pink, brown, or " + presets.names().joined(separator: ", ")
                + ", or " + catalog.names().filter { !colors.contains($0) }.joined(separator: ", "))
        } catch {
            throw ValidationErrorMessage(error.description)
        }
    }

    /// The level to play at: the preset's or the sound's, else the generator's default (dBFS RMS).
    public var level: Double { preset?.level ?? sound?.level ?? NoiseGenerator.defaultLevel }

    /// As the screen shows it: "Brown Noise", "Rain".
    public var title: String { sound?.title ?? "\(color) noise".capitalized }

    /// As `render` says what it wrote: "brown noise", "rain".
    public var summaryName: String { sound == nil ? "\(color) noise" : name }

    /// What the generator makes at `rate`.
    public func recipe(rate: Int) throws -> NoiseRecipe {
        try sound?.recipe(rate: rate) ?? .noise(color)
    }
}
