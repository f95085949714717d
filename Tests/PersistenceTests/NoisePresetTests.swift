import Foundation
import Testing
@testable import Persistence

/// Noise presets: the files in Presets/noise, found as the built-in ones, and every mistake named.
@Suite("Noise presets: Presets/noise loads, is found as the built-in presets, and each mistake names the file and field")
struct NoisePresetTests {
    static let colors = ["white", "pink", "brown"]
    static let levels: ClosedRange<Double> = -90 ... -12
    static var folder: URL { Repo.root.appendingPathComponent("Presets/noise") }

    static func parse(_ text: String) throws(JSONFileError) -> NoisePreset {
        try NoisePreset(data: Data(text.utf8), source: "n.json", colors: colors, levels: levels)
    }

    @Test("every file in Presets/noise loads, with the settings its comment describes")
    func shipped() throws {
        let library = NoisePresetLibrary(colors: Self.colors, levels: Self.levels, builtinFolder: Self.folder,
                                         userFolder: URL(fileURLWithPath: "/nonexistent"))
        #expect(library.names() == ["focus", "masking", "practice-room", "sleep"])
        #expect(try library.load(name: "sleep") == NoisePreset(color: "brown", level: -26, seconds: 2700, fadeSeconds: 120,
            description: "To fall asleep to: brown noise, quiet, 45 minutes, fading out over the last 2."))
        let focus = try #require(try library.load(name: "focus"))
        #expect(focus.color == "pink" && focus.seconds == 1500 && focus.fadeSeconds == 15)
        let masking = try #require(try library.load(name: "masking"))
        #expect(masking.color == "white" && masking.seconds == nil && masking.fadeSeconds == nil)
        #expect(try library.load(name: "practice-room")?.level == -30)
        #expect(try library.load(name: "rain") == nil)
    }

    @Test("the built-in noise presets are Presets/noise, found through share/woodshed from the build tree")
    func builtin() throws {
        let library = NoisePresetLibrary(colors: Self.colors, levels: Self.levels, userFolder: URL(fileURLWithPath: "/nonexistent"))
        #expect(library.missingData == nil)
        #expect(try #require(library.builtinFolder).resolvingSymlinksInPath().path == Self.folder.path)
        #expect(library.names() == ["focus", "masking", "practice-room", "sleep"])
    }

    @Test("a user's preset wins over a built-in one of the same name")
    func userWins() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data(#"{"schemaVersion": 1, "color": "white"}"#.utf8).write(to: user.appendingPathComponent("sleep.json"))
        let library = NoisePresetLibrary(colors: Self.colors, levels: Self.levels, builtinFolder: Self.folder, userFolder: user)
        #expect(try library.load(name: "sleep") == NoisePreset(color: "white"))
        #expect(NoisePresetLibrary.defaultUserFolder(environment: ["XDG_CONFIG_HOME": "/c"]).path == "/c/woodshed/noise")
    }

    @Test("each mistake is one error naming the file, the line and the field", arguments: [
        (#"{"color": "brown"}"#, "n.json: schemaVersion: required, but missing"),
        ("{\"schemaVersion\": 2,\n \"color\": \"brown\"}", "n.json:1: schemaVersion: 2 is newer than this woodshed understands (1)"),
        ("{\"schemaVersion\": 1}", "n.json: color: required, but missing (white, pink, brown)"),
        ("{\"schemaVersion\": 1,\n \"color\": \"grey\"}", "n.json:2: color: \"grey\" is not a noise colour: use white, pink, brown"),
        ("{\"schemaVersion\": 1, \"color\": \"pink\",\n \"level\": -6}", "n.json:2: level: -6 is out of range: use -90 to -12 dBFS RMS"),
        ("{\"schemaVersion\": 1, \"color\": \"pink\",\n \"level\": \"loud\"}", "n.json:2: level: expected a level in dBFS RMS, not \"loud\""),
        ("{\"schemaVersion\": 1, \"color\": \"pink\",\n \"forSeconds\": 1.5}", "n.json:2: forSeconds: expected a whole number, not 1.5"),
        ("{\"schemaVersion\": 1, \"color\": \"pink\",\n \"fadeSeconds\": 10}", "n.json:2: fadeSeconds: needs forSeconds (the fade ends the timer)"),
        ("{\"schemaVersion\": 1, \"color\": \"pink\",\n \"minutes\": 10}",
         "n.json:2: minutes: not a known field; the fields here are schemaVersion, color, level, forSeconds, fadeSeconds (comments start with \"_\" or \"comment\")"),
        ("{\"schemaVersion\": 1, \"color\": \"pink\"", "n.json:1:37: not valid JSON: unexpected end of file during JSON parse"),
    ])
    func mistakes(text: String, message: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            (error as? JSONFileError)?.description == message
        }
    }
}
