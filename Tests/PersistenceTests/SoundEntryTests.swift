import Foundation
import Testing
@testable import Persistence

/// The sound catalog's files: Presets/sounds, found as the built-in sounds, the user's winning,
/// and every mistake named with the file, the line and the field.
@Suite("Sound catalog files: Presets/sounds loads, the user's win, and each mistake names the file, line and field")
struct SoundEntryTests {
    static let levels: ClosedRange<Double> = -90 ... -12
    static var folder: URL { Repo.root.appendingPathComponent("Presets/sounds") }

    static func parse(_ text: String) throws(JSONFileError) -> SoundEntry {
        try SoundEntry(data: Data(text.utf8), source: "/home/me/sounds/s.json", levels: levels)
    }

    @Test("every file in Presets/sounds loads; the catalog is found through share/woodshed from the build tree")
    func shipped() throws {
        let library = SoundEntryLibrary(levels: Self.levels, userFolder: URL(fileURLWithPath: "/nonexistent"))
        #expect(library.missingData == nil)
        #expect(try #require(library.builtinFolder).resolvingSymlinksInPath().path == Self.folder.path)
        #expect(library.names() == ["alarm-beeps", "alarm-clock", "alarm-gentle", "brown", "fan", "ocean", "pink", "rain", "white"])
        for name in library.names() { _ = try #require(try library.load(name: name)) }
        #expect(try library.load(name: "rain") == SoundEntry(category: "nature", source: .generator(.rain(
            dropletsPerSecond: 12, bedCutoffHz: 1200, dropletLowHz: 2500, dropletHighHz: 5000)), level: -22,
            description: "Rain: pink noise low-passed at 1.2 kHz with 12 droplets a second between 2.5 and 5 kHz."))
        #expect(try library.load(name: "fan")?.source == .generator(.fan(humHz: 120, harmonics: 3, humDecibels: -12)))
        #expect(try library.load(name: "ocean")?.source == .generator(.ocean(shortestSwellSeconds: 6, longestSwellSeconds: 12, troughDecibels: -12)))
        #expect(try library.load(name: "alarm-clock")?.source == .themeSound(name: "alarm-clock-elapsed", crossfadeSeconds: 0.05))
        #expect(try library.load(name: "brown")?.source == .generator(.noise(color: "brown")))
        #expect(try library.load(name: "purple") == nil)
    }

    @Test("a user's sound wins over a built-in one of the same name; a relative file is taken from the catalog file's folder")
    func userWins() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data(#"{"schemaVersion": 1, "category": "nature", "file": "rain.flac"}"#.utf8).write(to: user.appendingPathComponent("rain.json"))
        let library = SoundEntryLibrary(levels: Self.levels, builtinFolder: Self.folder, userFolder: user)
        #expect(try library.load(name: "rain") == SoundEntry(category: "nature", source: .file(path: user.path + "/rain.flac", crossfadeSeconds: 0.25)))
        #expect(SoundEntryLibrary.defaultUserFolder(environment: ["XDG_CONFIG_HOME": "/c"]).path == "/c/woodshed/sounds")
    }

    @Test("the generators' defaults, a file's own crossfade, and a comment as the description")
    func defaults() throws {
        #expect(try Self.parse(#"{"schemaVersion": 1, "category": "machine", "generator": {"type": "fan"}}"#).source
                == .generator(.fan(humHz: 120, harmonics: 3, humDecibels: -12)))
        #expect(try Self.parse(#"{"schemaVersion": 1, "category": "alarm", "generator": {"type": "tone", "hz": 1000}}"#).source
                == .generator(.tone(hz: 1000, beeps: 4, beepSeconds: 0.1, gapSeconds: 0.1, pauseSeconds: 0.6)))
        #expect(try Self.parse(#"{"schemaVersion": 1, "comment": "a creek", "category": "nature", "file": "/x/creek.ogg", "crossfadeSeconds": 2}"#)
                == SoundEntry(category: "nature", source: .file(path: "/x/creek.ogg", crossfadeSeconds: 2), description: "a creek"))
    }

    @Test("each mistake is one error naming the file, the line and the field", arguments: [
        (#"{"category": "nature"}"#, "/home/me/sounds/s.json: schemaVersion: required, but missing"),
        ("{\"schemaVersion\": 1,\n \"generator\": {\"type\": \"rain\"}}",
         "/home/me/sounds/s.json: category: required, but missing (noise, nature, machine, alarm, other)"),
        ("{\"schemaVersion\": 1,\n \"category\": \"weather\", \"generator\": {\"type\": \"rain\"}}",
         "/home/me/sounds/s.json:2: category: \"weather\" is not a category: use noise, nature, machine, alarm, other"),
        ("{\"schemaVersion\": 1,\n \"category\": \"nature\"}",
         "/home/me/sounds/s.json: say what makes the sound: a generator, a file or a themeSound"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"generator\": {\"type\": \"rain\"},\n \"file\": \"a.wav\"}",
         "/home/me/sounds/s.json:3: file: give one of generator, file and themeSound, not generator and file"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"generator\": {\"type\": \"snow\"}}",
         "/home/me/sounds/s.json:2: generator.type: \"snow\" is not a generator: use noise, rain, fan, ocean, tone"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"generator\": {\"dropletsPerSecond\": 3}}",
         "/home/me/sounds/s.json: generator.type: required, but missing (noise, rain, fan, ocean, tone)"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\", \"generator\": {\n \"type\": \"rain\",\n \"dropletsPerSecond\": 500}}",
         "/home/me/sounds/s.json:3: generator.dropletsPerSecond: 500 is out of range: use 0.5 to 100"),
        ("{\"schemaVersion\": 1, \"category\": \"machine\", \"generator\": {\n \"type\": \"fan\",\n \"harmonics\": 2.5}}",
         "/home/me/sounds/s.json:3: generator.harmonics: expected a whole number, not 2.5"),
        ("{\"schemaVersion\": 1, \"category\": \"machine\", \"generator\": {\n \"type\": \"fan\",\n \"humHz\": \"low\"}}",
         "/home/me/sounds/s.json:3: generator.humHz: expected a number, not \"low\""),
        ("{\"schemaVersion\": 1, \"category\": \"machine\", \"generator\": {\n \"type\": \"fan\",\n \"dropletsPerSecond\": 3}}",
         "/home/me/sounds/s.json:3: generator.dropletsPerSecond: not a known field; the fields here are type, humHz, harmonics, humDecibels (comments start with \"_\" or \"comment\")"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\", \"generator\": {\n \"type\": \"ocean\",\n \"shortestSwellSeconds\": 14}}",
         "/home/me/sounds/s.json:3: generator.shortestSwellSeconds: 14 is longer than longestSwellSeconds (12)"),
        ("{\"schemaVersion\": 1, \"category\": \"noise\", \"generator\": {\n \"type\": \"noise\",\n \"color\": \"grey\"}}",
         "/home/me/sounds/s.json:3: generator.color: \"grey\" is not a noise colour: use white, pink, brown"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"generator\": {\"type\": \"rain\"},\n \"level\": -3}",
         "/home/me/sounds/s.json:3: level: -3 is out of range: use -90 to -12"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"generator\": {\"type\": \"rain\"},\n \"crossfadeSeconds\": 1}",
         "/home/me/sounds/s.json:3: crossfadeSeconds: goes with a file or a themeSound, not a generator"),
        ("{\"schemaVersion\": 1, \"category\": \"nature\",\n \"file\": \"a.wav\",\n \"crossfadeSeconds\": 11}",
         "/home/me/sounds/s.json:3: crossfadeSeconds: 11 is out of range: use 0 to 10"),
        ("{\"schemaVersion\": 1, \"category\": \"alarm\",\n \"themeSound\": \"Alarm Clock\"}",
         "/home/me/sounds/s.json:2: themeSound: \"Alarm Clock\" is not a sound theme name (lower-case letters, digits and -, such as alarm-clock-elapsed)"),
        ("{\"schemaVersion\": 1, \"category\": \"alarm\",\n \"sound\": \"x\"}",
         "/home/me/sounds/s.json:2: sound: not a known field; the fields here are schemaVersion, category, level, generator, file, crossfadeSeconds, themeSound (comments start with \"_\" or \"comment\")"),
        ("{\"schemaVersion\": 1, \"category\": \"alarm\"", "/home/me/sounds/s.json:1:41: not valid JSON: unexpected end of file during JSON parse"),
    ])
    func mistakes(text: String, message: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            (error as? JSONFileError)?.description == message
        }
    }

    @Test("a sound theme sound is found in XDG_DATA_HOME, then XDG_DATA_DIRS, as .oga, .ogg or .wav, falling back to a shorter name; .disabled turns it off")
    func themeLookup() throws {
        let home = try temporaryFolder(), shared = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home); try? FileManager.default.removeItem(at: shared) }
        let stereo = "sounds/freedesktop/stereo"
        for folder in [home, shared] { try FileManager.default.createDirectory(at: folder.appendingPathComponent(stereo), withIntermediateDirectories: true) }
        try Data().write(to: shared.appendingPathComponent("\(stereo)/alarm-clock-elapsed.oga"))
        try Data().write(to: shared.appendingPathComponent("\(stereo)/bell.wav"))
        let env = ["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": shared.path]
        #expect(SoundTheme.file(named: "alarm-clock-elapsed", environment: env) == shared.path + "/\(stereo)/alarm-clock-elapsed.oga")
        #expect(SoundTheme.file(named: "bell-window-system", environment: env) == shared.path + "/\(stereo)/bell.wav")
        #expect(SoundTheme.file(named: "dialog-error", environment: env) == nil)
        try Data().write(to: home.appendingPathComponent("\(stereo)/alarm-clock-elapsed.ogg"))
        #expect(SoundTheme.file(named: "alarm-clock-elapsed", environment: env) == home.path + "/\(stereo)/alarm-clock-elapsed.ogg")
        try Data().write(to: home.appendingPathComponent("\(stereo)/alarm-clock-elapsed.disabled"))
        #expect(SoundTheme.file(named: "alarm-clock-elapsed", environment: env) == nil)
        #expect(SoundTheme.dataFolders(environment: ["HOME": "/h"]) == ["/h/.local/share", "/usr/local/share", "/usr/share"])
    }
}
