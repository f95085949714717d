import Foundation
import Persistence
import RenderGraph
import Sounds

/// A sound an alarm (or the clock, until the alarm) plays, by name: the built-in `beep`, a
/// noise colour (`white`, `pink`, `brown`), a saved noise preset or a sound of the catalog
/// (`woodshed sounds list`: rain, ocean, alarm-beeps, …). Any thread for the value; `resolve`
/// and `loop` read preset and catalog files (control thread).
///
/// `resolve` is the one place an alarm's sound name becomes a sound.
public struct AlarmSound: Sendable, Equatable {
    /// What makes the sound.
    public enum Source: Sendable, Equatable {
        /// Four 880 Hz beeps of 100 ms, 100 ms apart, then 600 ms of silence (1.4 s a loop).
        case beep
        /// A noise colour at a level in dBFS RMS.
        case noise(NoiseColor, level: Double)
        /// A sound of the catalog (docs/sounds.md), by name, at a level in dBFS RMS.
        case catalog(String, level: Double)
    }

    /// The built-in sounds' names.
    public static let builtinNames = ["beep"]

    public let name: String
    public let source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// The sound called `name`; throws `AlarmSoundError` naming the sounds there are.
    public static func resolve(_ name: String, presets: NoisePresetLibrary = AlarmSound.noisePresets(),
                               catalog: SoundCatalog = SoundCatalog()) throws(AlarmSoundError) -> AlarmSound {
        if name == "beep" { return AlarmSound(name: name, source: .beep) }
        if let color = NoiseColor(rawValue: name) { return AlarmSound(name: name, source: .noise(color, level: NoiseGenerator.defaultLevel)) }
        let preset: NoisePreset?
        do throws(JSONFileError) {
            preset = try presets.load(name: name)
        } catch {
            throw AlarmSoundError(description: error.description)
        }
        guard let preset, let color = NoiseColor(rawValue: preset.color) else {
            if let sound = try? catalog.sound(named: name) {
                return AlarmSound(name: name, source: .catalog(sound.name, level: sound.level))
            }
            throw AlarmSoundError(description: "'\(name)' is not a sound: use "
                + (builtinNames + NoiseColor.allCases.map(\.rawValue) + presets.names() + catalog.names()).joined(separator: ", "))
        }
        return AlarmSound(name: name, source: .noise(color, level: preset.level ?? NoiseGenerator.defaultLevel))
    }

    /// The noise presets (built-in and the user's).
    public static func noisePresets() -> NoisePresetLibrary {
        NoisePresetLibrary(colors: NoiseColor.allCases.map(\.rawValue), levels: NoiseGenerator.levelRange)
    }

    /// One seamless loop of the sound at `rate`, at full volume (the alarm's volume scales it).
    public func loop(rate: Int) -> [Float] {
        switch source {
        case .beep: return AlarmSound.beepLoop(rate: rate)
        case .noise(let color, let level):
            guard let g = try? NoiseGenerator(color: color, rate: rate, levelDecibels: level) else { return [] }
            return AlarmSound.seamlessLoop(of: g, rate: rate)
        case .catalog(let name, let level):
            // The generator plays a looped file from the sound's samples: keep the sound alive.
            guard let sound = try? SoundCatalog().sound(named: name), let g = try? sound.generator(rate: rate, level: level) else { return [] }
            return withExtendedLifetime(sound) { AlarmSound.seamlessLoop(of: g, rate: rate) }
        }
    }

    /// The beep: a sine at 880 Hz and half full scale, 5 ms rise and fall so it does not click.
    /// Frame 0 is the first beep's first frame, already above silence.
    static func beepLoop(rate: Int) -> [Float] {
        let beep = rate / 10, edge = max(rate / 200, 1)
        var out = [Float](repeating: 0, count: rate * 14 / 10)
        for b in 0..<4 {
            for k in 0..<beep {
                let envelope = min(1, Double(k + 1) / Double(edge), Double(beep - k) / Double(edge))
                out[b * 2 * beep + k] = Float(0.5 * envelope * cos(2 * Double.pi * 880 * Double(k) / Double(rate)))
            }
        }
        return out
    }

    /// Eight seconds of a generator whose last 50 ms are crossfaded (equal power) into its first,
    /// so the loop has no seam.
    static func seamlessLoop(of generator: NoiseGenerator, rate: Int) -> [Float] {
        let length = rate * 8, fade = rate / 20
        var g = generator
        var raw = [Float](repeating: 0, count: length + fade)
        raw.withUnsafeMutableBufferPointer { g.render(into: $0.baseAddress!, frames: length + fade) }
        var out = Array(raw[0..<length])
        for k in 0..<fade {
            let t = Double(k + 1) / Double(fade + 1)
            out[k] = Float(Double(raw[length + k]) * cos(t * Double.pi / 2) + Double(raw[k]) * sin(t * Double.pi / 2))
        }
        return out
    }
}

/// A sound name that is not one, in one line. Any thread.
public struct AlarmSoundError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String
}
