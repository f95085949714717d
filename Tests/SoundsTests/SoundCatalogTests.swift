import Foundation
import Persistence
import RenderGraph
import Testing
@testable import Sounds

/// `SoundCatalog.sound(named:)`: the one lookup other code uses. A generated sound, a user's
/// file looped at the output rate, a sound theme sound, and each way it can fail, in one line.
@Suite("SoundCatalog: a sound by name, ready to play, or one line saying why not")
struct SoundCatalogTests {
    /// A catalog with the built-in sounds (Presets/sounds, through share/woodshed) and `user`.
    static func catalog(user: String, environment: [String: String] = [:]) -> SoundCatalog {
        SoundCatalog(library: SoundEntryLibrary(levels: NoiseGenerator.levelRange, userFolder: URL(fileURLWithPath: user)),
                     environment: environment)
    }

    @Test("rain: a nature sound at -22 dBFS titled 'Rain', its generator the rain recipe; a colour is titled 'Brown Noise'")
    func generated() throws {
        let dir = try TemporaryDirectory()
        let catalog = Self.catalog(user: dir.path("sounds"))
        let rain = try catalog.sound(named: "rain")
        #expect(rain.category == "nature" && rain.level == -22 && rain.title == "Rain" && rain.file == nil)
        let g = try rain.generator(rate: 48_000)
        #expect(g.recipe == .rain(dropletsPerSecond: 12, bedCutoffHertz: 1200, dropletLowHertz: 2500, dropletHighHertz: 5000))
        #expect(g.levelDecibels == -22)
        #expect(try catalog.sound(named: "brown").title == "Brown Noise")
        #expect(try catalog.sound(named: "alarm-beeps").title == "Alarm Beeps")
    }

    @Test("a user's sound file, at 44.1 kHz, loops at 48 kHz: read once, resampled, crossfaded by its crossfadeSeconds")
    func userFile() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("sounds"), withIntermediateDirectories: true)
        let wave = (0..<44_100).map { Float(0.3 * sin(2 * Double.pi * 220 * Double($0) / 44_100)) }
        try writeSound(wave, to: dir.path("sounds/creek.wav"), rate: 44_100)
        try Data(#"{"schemaVersion": 1, "category": "nature", "file": "creek.wav", "crossfadeSeconds": 0.1}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("sounds/creek.json")))
        let creek = try Self.catalog(user: dir.path("sounds")).sound(named: "creek")
        #expect(creek.file == dir.path("sounds/creek.wav"))
        guard case .loop(let loop) = try creek.recipe(rate: 48_000) else { Issue.record("not a loop"); return }
        // One second at 48 kHz, less the 0.1 s crossfade.
        #expect(loop.count == 48_000 - 4800)
        guard case .loop(let again) = try creek.recipe(rate: 48_000) else { return }
        #expect(again.samples == loop.samples)
    }

    @Test("no such sound, a broken user file, a sound theme sound not installed, a missing sound file: one line each")
    func failures() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("sounds"), withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1,\n \"category\": \"weather\", \"file\": \"a.wav\"}".utf8)
            .write(to: URL(fileURLWithPath: dir.path("sounds/storm.json")))
        try Data(#"{"schemaVersion": 1, "category": "nature", "file": "/nonexistent/creek.wav"}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("sounds/creek.json")))
        let empty = try TemporaryDirectory()
        let catalog = Self.catalog(user: dir.path("sounds"), environment: ["XDG_DATA_HOME": empty.path("home"), "XDG_DATA_DIRS": empty.path("share")])
        func message(_ name: String) -> String {
            do { _ = try catalog.sound(named: name).recipe(rate: 48_000); return "no error" } catch { return error.description }
        }
        #expect(message("snow") == "no sound named 'snow': use one of alarm-beeps, alarm-clock, alarm-gentle, brown, creek, fan, ocean, pink, rain, storm, white (woodshed sounds list)")
        #expect(message("storm") == dir.path("sounds/storm.json") + ":2: category: \"weather\" is not a category: use noise, nature, machine, alarm, other")
        #expect(message("alarm-clock") == "sound 'alarm-clock': the freedesktop sound theme has no 'alarm-clock-elapsed' here (looked in sounds/freedesktop/stereo of the XDG data folders; on Debian: apt install sound-theme-freedesktop)")
        #expect(message("creek").hasPrefix("sound 'creek': /nonexistent/creek.wav"))
    }

    @Test("alarm-clock: the freedesktop theme's alarm-clock-elapsed, when installed (Debian sound-theme-freedesktop)",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga")))
    func themeSound() throws {
        let dir = try TemporaryDirectory()
        let clock = try Self.catalog(user: dir.path("sounds"), environment: ["XDG_DATA_HOME": dir.path("home"), "XDG_DATA_DIRS": "/usr/share"])
            .sound(named: "alarm-clock")
        #expect(clock.file == "/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga")
        guard case .loop(let loop) = try clock.recipe(rate: 48_000) else { Issue.record("not a loop"); return }
        #expect(loop.count > 48_000 && loop.peak > 0.1)
    }
}
