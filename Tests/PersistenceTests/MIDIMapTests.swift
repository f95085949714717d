import Foundation
import MIDI
import Testing
@testable import Persistence

/// A map from its mappings, as a file named midi-map.json.
func midiMap(_ mappings: String, fields: String = "") throws(MIDIMapError) -> MIDIMap {
    try MIDIMap(data: Data("{\"schemaVersion\": 1, \(fields) \"mappings\": [\(mappings)]}".utf8), source: "midi-map.json")
}

@Suite("MIDI map files")
struct MIDIMapTests {
    static let midiFolder = Repo.presets.appendingPathComponent("midi")
    static let shippedFiles = Repo.files(in: midiFolder, ext: "json")

    func shipped(_ name: String) throws -> MIDIMap {
        try MIDIMap(contentsOf: Self.midiFolder.appendingPathComponent("\(name).json"))
    }

    @Test("the example in the docs compiles to one binding per mapping, in file order")
    func example() throws {
        let json = """
            { "schemaVersion": 1, "name": "Example", "description": "every field", "debounceMilliseconds": 0,
              "mappings": [
                {"message": "note", "channel": "any", "number": 62, "action": "tempo-up", "argument": 1},
                {"message": "cc", "number": 64, "threshold": 64, "action": "tap"},
                {"message": "cc", "number": 11, "action": "tempo-cc", "argument": [40, 240]},
                {"message": "program", "action": "setlist-song"},
                {"message": "note", "number": 36, "values": [1, 127], "channel": 10, "action": "preset", "argument": "rock-4-4"}
              ] }
            """
        let map = try MIDIMap(data: Data(json.utf8), source: "example.json")
        #expect(map.name == "Example")
        #expect(map.description == "every field")
        #expect(map.bindings() == [
            MIDIBinding(message: .note, channel: 0, number: 62, low: 1, high: 127, action: .tempoUp, argument: 1_000, index: 0),
            MIDIBinding(message: .controlChange, channel: 0, number: 64, low: 64, high: 127, action: .tap, index: 1),
            MIDIBinding(message: .controlChange, channel: 0, number: 11, low: 0, high: 127, action: .tempoCC,
                        argument: 40_000, argument2: 240_000, index: 2),
            MIDIBinding(message: .programChange, channel: 0, number: -1, low: 0, high: 127, action: .setlistSong, index: 3),
            MIDIBinding(message: .note, channel: 10, number: 36, low: 1, high: 127, action: .preset, index: 4),
        ])
        #expect(map.text(at: 4) == "rock-4-4")
        #expect(map.text(at: 0) == nil)
        #expect(map.text(at: 5) == nil)
    }

    @Test("each mapping reads as one line: message, number, condition when not the default, channel, action, argument")
    func describe() throws {
        let map = try midiMap("""
            {"message": "note", "number": 62, "action": "tempo-up", "argument": 1},
            {"message": "cc", "number": 64, "action": "tap"},
            {"message": "cc", "channel": 1, "number": 64, "threshold": 100, "action": "tap"},
            {"message": "cc", "number": 67, "values": [0, 63], "action": "toggle"},
            {"message": "cc", "number": 11, "action": "tempo-cc", "argument": [40, 97.5]},
            {"message": "program", "action": "setlist-song"},
            {"message": "program", "channel": 16, "number": 3, "action": "setlist-song", "argument": 12},
            {"message": "note", "channel": 10, "number": 36, "action": "preset", "argument": "rock-4-4"},
            {"message": "note", "number": 41, "action": "count-in"}
            """)
        #expect((0..<9).compactMap(map.describe) == [
            "note 62 (any channel) → tempo-up 1",
            "cc 64 (any channel) → tap",
            "cc 64 value ≥ 100 (channel 1) → tap",
            "cc 67 value 0…63 (any channel) → toggle",
            "cc 11 (any channel) → tempo-cc 40…97.5",
            "program any (any channel) → setlist-song",
            "program 3 (channel 16) → setlist-song 12",
            "note 36 (channel 10) → preset rock-4-4",
            "note 41 (any channel) → count-in 1",
        ])
        #expect(map.describe(9) == nil)
    }

    @Test("left out: any channel, velocity ≥ 1 for notes, ≥ 64 for controllers, the action's default argument")
    func defaults() throws {
        let map = try midiMap("""
            {"message": "note", "number": 62, "action": "tempo-up"},
            {"message": "cc", "number": 7, "action": "volume-down"},
            {"message": "cc", "number": 11, "action": "tempo-cc"},
            {"message": "note", "number": 1, "action": "speed-up"}
            """)
        #expect(map.debounceMilliseconds == 0)
        #expect(map.name == "")
        #expect(map.mappings == [
            MIDIMap.Mapping(message: .note, number: 62, press: .threshold(1), action: .tempoUp, argument: .bpm(1_000)),
            MIDIMap.Mapping(message: .controlChange, number: 7, press: .threshold(64), action: .volumeDown, argument: .count(10)),
            MIDIMap.Mapping(message: .controlChange, number: 11, action: .tempoCC, argument: .bpmRange(40_000, 240_000)),
            MIDIMap.Mapping(message: .note, number: 1, action: .speedUp, argument: .count(5)),
        ])
        #expect(map.mappings[2].press == nil)
        #expect(map.bindings().map(\.argument) == [1_000, 10, 40_000, 5])
    }

    @Test("tempo arguments are exact thousandths of a BPM, not Doubles")
    func exactTempo() throws {
        let map = try midiMap("""
            {"message": "note", "number": 1, "action": "tempo-up", "argument": 0.001},
            {"message": "note", "number": 2, "action": "tempo-set", "argument": 133.333},
            {"message": "note", "number": 3, "action": "tempo-down", "argument": 2.5},
            {"message": "cc", "number": 4, "action": "tempo-cc", "argument": [97.5, 1e3]}
            """)
        #expect(map.bindings().map(\.argument) == [1, 133_333, 2_500, 97_500])
        #expect(map.bindings()[3].argument2 == 1_000_000)
    }

    @Test("a tempo-cc range may run backwards: toe down is slow")
    func reversedRange() throws {
        let binding = try midiMap("{\"message\": \"cc\", \"number\": 4, \"action\": \"tempo-cc\", \"argument\": [200, 60]}").bindings()[0]
        #expect(binding.tempo(forControllerValue: 0) == 200_000)
        #expect(binding.tempo(forControllerValue: 127) == 60_000)
    }

    @Test("comment fields starting with _ or comment are allowed and kept, at the top and in mappings")
    func comments() throws {
        let map = try midiMap("{\"_note\": \"left pedal\", \"message\": \"note\", \"number\": 60, \"action\": \"tap\", \"comment\": 5}",
                              fields: "\"comment\": \"mine\", \"_why\": [1, 2],")
        #expect(map.comments == ["comment": "mine", "_why": "[1,2]"])
        #expect(map.mappings[0].comments == ["_note": "left pedal", "comment": "5"])
    }

    @Test("the debounce in frames rounds up: 30 ms at 44100 is 1323 frames")
    func debounceFrames() throws {
        let map = try midiMap("", fields: "\"debounceMilliseconds\": 30,")
        #expect(map.debounceFrames(rate: 44_100) == 1_323)
        #expect(map.debounceFrames(rate: 48_000) == 1_440)
        #expect(try midiMap("", fields: "\"debounceMilliseconds\": 1,").debounceFrames(rate: 44_100) == 45)
        #expect(map.mappings == [])
    }

    @Test("Presets/midi/default.json is byte-identical to the built-in map (paste it into BuiltinMIDIMap.swift)")
    func builtinCopy() throws {
        let file = try Data(contentsOf: Self.midiFolder.appendingPathComponent("default.json"))
        #expect(Data(BuiltinMIDIMap.json.utf8) == file)
    }

    @Test("the built-in default: footswitch notes 62/60 step the tempo, sustain taps, soft pedal toggles, expression sets 40–240")
    func builtinDefault() {
        let map = BuiltinMIDIMap.map
        #expect(map.debounceMilliseconds == 0)
        #expect(map.bindings() == [
            MIDIBinding(message: .note, number: 62, low: 1, action: .tempoUp, argument: 1_000, index: 0),
            MIDIBinding(message: .note, number: 60, low: 1, action: .tempoDown, argument: 1_000, index: 1),
            MIDIBinding(message: .controlChange, number: 64, low: 64, action: .tap, index: 2),
            MIDIBinding(message: .controlChange, number: 67, low: 64, action: .toggle, index: 3),
            MIDIBinding(message: .controlChange, number: 11, low: 0, action: .tempoCC, argument: 40_000, argument2: 240_000, index: 4),
        ])
    }

    @Test("the folder holds the maps we promise")
    func promised() {
        #expect(Self.shippedFiles.map { $0.deletingPathExtension().lastPathComponent } == [
            "default", "expression-pedal", "pad-controller", "program-change", "sustain-pedal", "two-button-footswitch",
        ])
    }

    @Test("every shipped map loads, has a name and a description, and describes each mapping", arguments: shippedFiles)
    func shippedMapLoads(url: URL) throws {
        let map = try MIDIMap(contentsOf: url)
        #expect(!map.name.isEmpty)
        #expect(!map.description.isEmpty)
        #expect(!map.mappings.isEmpty)
        #expect(map.bindings().count == map.mappings.count)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n"), "2-space indent, schemaVersion first")
    }

    @Test("pedal maps debounce 30 ms; the sustain pedal taps on CC 64 ≥ 64 and says what a press is")
    func pedals() throws {
        for name in ["sustain-pedal", "two-button-footswitch", "expression-pedal"] {
            #expect(try shipped(name).debounceMilliseconds == 30, "\(name)")
        }
        let sustain = try shipped("sustain-pedal")
        #expect(sustain.bindings() == [MIDIBinding(message: .controlChange, number: 64, low: 64, action: .tap)])
        #expect(sustain.description.contains("press"))
        #expect(try shipped("two-button-footswitch").mappings.map(\.description) == [
            "note 60 (any channel) → tempo-down 1", "note 62 (any channel) → tempo-up 1",
        ])
        #expect(try shipped("expression-pedal").mappings.map(\.description) == [
            "cc 11 (any channel) → tempo-cc 60…200", "cc 4 (any channel) → tempo-cc 60…200",
        ])
    }

    @Test("the pad controller's eight pads are notes 36–43 on channel 10")
    func pads() throws {
        let map = try shipped("pad-controller")
        #expect(map.bindings().map(\.number) == Array(36...43))
        #expect(map.bindings().allSatisfy { $0.channel == 10 && $0.message == .note })
        #expect(map.mappings.map(\.action) == [.toggle, .tap, .tempoDown, .tempoUp, .mute, .countIn, .meterPrev, .meterNext])
        #expect(map.bindings()[2].argument == 5_000)
        #expect(map.bindings()[3].argument == 5_000)
    }

    @Test("program changes pick presets that exist, and the setlist song")
    func programChange() throws {
        let map = try shipped("program-change")
        let presets = Set(Repo.files(in: Repo.presets, ext: "json").map { $0.deletingPathExtension().lastPathComponent })
        let named = map.mappings.indices.compactMap(map.text)
        #expect(named == ["rock-4-4", "waltz-3-4", "seven-eight", "six-eight"])
        #expect(presets.isSuperset(of: named))
        #expect(map.bindings().map(\.number) == [0, 1, 2, 3, -1])
        #expect(map.mappings.last?.action == .setlistSong)
    }

    @Test("docs/midi.md lists every action with where it applies")
    func documented() throws {
        let text = try String(contentsOf: Repo.root.appendingPathComponent("docs/midi.md"), encoding: .utf8)
        for action in MIDIAction.allCases {
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(action.name)` |") }
            #expect(row?.contains(action.summary) == true, "\(action.name)")
            #expect(row?.hasSuffix(action.appliesOnRenderThread ? "| at the event's frame |" : "| control thread |") == true,
                    "\(action.name)")
        }
    }

    @Test("the user's map is $XDG_CONFIG_HOME/woodshed/midi-map.json, else ~/.config/woodshed/midi-map.json")
    func userMapURL() {
        #expect(MIDIMap.userMapURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]).path
                == "/x/cfg/woodshed/midi-map.json")
        #expect(MIDIMap.userMapURL(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.config/woodshed/midi-map.json")
        #expect(MIDIMap.userMapURL(environment: ["HOME": "/home/u"]).path == "/home/u/.config/woodshed/midi-map.json")
    }

    @Test("--midi-map wins, then the user's file, then the built-in default")
    func resolve() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"]

        let builtin = try MIDIMap.resolve(explicit: nil, environment: environment)
        #expect(builtin.map == BuiltinMIDIMap.map)
        #expect(builtin.source == "built-in default")

        let user = folder.appendingPathComponent("woodshed/midi-map.json")
        try FileManager.default.createDirectory(at: user.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.midiFolder.appendingPathComponent("pad-controller.json"), to: user)
        let mine = try MIDIMap.resolve(explicit: nil, environment: environment)
        #expect(mine.map.name == "Pad controller")
        #expect(mine.source == user.path)

        let explicit = Self.midiFolder.appendingPathComponent("sustain-pedal.json").path
        let given = try MIDIMap.resolve(explicit: explicit, environment: environment)
        #expect(given.map.name == "Sustain pedal")
        #expect(given.source == explicit)
    }

    @Test("a broken user map is an error, never silently replaced by the default")
    func brokenUserMap() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let user = folder.appendingPathComponent("woodshed/midi-map.json")
        try FileManager.default.createDirectory(at: user.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1, \"mappings\": [{\"message\": \"note\", \"action\": \"tap\"}]}".utf8).write(to: user)
        #expect(throws: MIDIMapError(source: user.path, field: "mappings[0].number", message: "required for \"note\" messages")) {
            try MIDIMap.resolve(explicit: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        }
        #expect(throws: MIDIMapError(source: "nope.json", message: "no such file")) {
            try MIDIMap.resolve(explicit: "nope.json", environment: ["XDG_CONFIG_HOME": folder.path])
        }
    }

    @Test("for play and shadow, a broken user map gives the built-in one and the problem to warn about; --midi-map stays an error")
    func brokenUserMapOrDefault() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let user = folder.appendingPathComponent("woodshed/midi-map.json")
        try FileManager.default.createDirectory(at: user.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1, \"mappings\": [".utf8).write(to: user)
        let found = try MIDIMap.resolveOrDefault(explicit: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(found.map == BuiltinMIDIMap.map && found.source == "built-in default")
        #expect(found.problem == MIDIMapError(source: user.path, line: 1, column: 35, message: "not valid JSON: unexpected end of file during JSON parse"))
        #expect(throws: MIDIMapError(source: user.path, line: 1, column: 35, message: "not valid JSON: unexpected end of file during JSON parse")) {
            try MIDIMap.resolveOrDefault(explicit: user.path, environment: ["XDG_CONFIG_HOME": folder.path])
        }
        let none = try MIDIMap.resolveOrDefault(explicit: nil, environment: ["XDG_CONFIG_HOME": folder.appendingPathComponent("none").path])
        #expect(none.problem == nil && none.source == "built-in default")
    }
}
