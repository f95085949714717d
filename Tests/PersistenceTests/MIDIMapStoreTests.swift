import Foundation
import MIDI
import Testing
@testable import Persistence

@Suite("MIDI learn saves into the user's map file")
struct MIDIMapStoreTests {
    /// A fresh folder, removed after `body`.
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    static let mine = """
        {
          "schemaVersion": 1,
          "name": "Mine",
          "description": "my pedals",
          "_comment": "keep me",
          "debounceMilliseconds": 30,
          "mappings": [
            {"message": "cc", "number": 64, "action": "tap", "_why": "sustain pedal"},
            {"message": "note", "channel": 10, "number": 36, "action": "preset", "argument": "rock-4-4"},
            {"message": "cc", "number": 11, "action": "tempo-cc", "argument": [97.5, 133.333]}
          ]
        }

        """

    let soft = MIDIMap.Mapping(message: .controlChange, channel: 1, number: 67, action: .countIn, argument: .count(2))

    @Test("a learned mapping joins the others; every other field, mapping and comment stays as it was")
    func keepsOthers() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("midi-map.json")
            try Data(Self.mine.utf8).write(to: url)
            let map = try MIDIMapStore.learn(soft, into: url)
            #expect(map == (try MIDIMap(contentsOf: url)))
            #expect(map.name == "Mine")
            #expect(map.description == "my pedals")
            #expect(map.debounceMilliseconds == 30)
            #expect(map.comments == ["_comment": "keep me"])
            #expect(map.mappings.map(\.description) == [
                "cc 64 (any channel) → tap",
                "note 36 (channel 10) → preset rock-4-4",
                "cc 11 (any channel) → tempo-cc 97.5…133.333",
                "cc 67 (channel 1) → count-in 2",
            ])
            #expect(map.mappings[0].comments == ["_why": "sustain pedal"])
            #expect(map.bindings()[2].argument2 == 133_333)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.hasSuffix("}\n"))
        }
    }

    @Test("the previous files are kept, byte for byte, as midi-map.json.bak, then .bak.2")
    func backup() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("midi-map.json")
            try Data(Self.mine.utf8).write(to: url)
            try MIDIMapStore.learn(soft, into: url)
            let backup = folder.appendingPathComponent("midi-map.json.bak")
            #expect(MIDIMapStore.backupURL(for: url) == backup)
            #expect(try Data(contentsOf: backup) == Data(Self.mine.utf8))
            let first = try Data(contentsOf: url)

            try MIDIMapStore.learn(MIDIMap.Mapping(message: .note, number: 40, action: .mute), into: url)
            #expect(try Data(contentsOf: backup) == first, "backup 1: the file before the last change")
            #expect(try Data(contentsOf: MIDIMapStore.backupURL(for: url, generation: 2)) == Data(Self.mine.utf8))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names == ["midi-map.json", "midi-map.json.bak", "midi-map.json.bak.2"], "no temporary files left behind")
        }
    }

    @Test("a learned pedal replaces what that pedal did: same message, number and an overlapping channel")
    func replacesSameMessage() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("midi-map.json")
            try Data(Self.mine.utf8).write(to: url)
            // cc 64 on any channel overlaps cc 64 on channel 2; note 36 on channel 10 does not overlap channel 9.
            try MIDIMapStore.learn(MIDIMap.Mapping(message: .controlChange, channel: 2, number: 64, action: .toggle), into: url)
            let map = try MIDIMapStore.learn(MIDIMap.Mapping(message: .note, channel: 9, number: 36, action: .tap), into: url)
            #expect(map.mappings.map(\.description) == [
                "note 36 (channel 10) → preset rock-4-4",
                "cc 11 (any channel) → tempo-cc 97.5…133.333",
                "cc 64 (channel 2) → toggle",
                "note 36 (channel 9) → tap",
            ])
            let again = try MIDIMapStore.learn(MIDIMap.Mapping(message: .note, number: 36, action: .mute), into: url)
            #expect(again.mappings.map(\.description) == [
                "cc 11 (any channel) → tempo-cc 97.5…133.333",
                "cc 64 (channel 2) → toggle",
                "note 36 (any channel) → mute",
            ])
        }
    }

    @Test("without a file, learn starts from the built-in default and creates the folders")
    func createsFromDefault() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("config/woodshed/midi-map.json")
            let map = try MIDIMapStore.learn(
                MIDIMap.Mapping(message: .controlChange, number: 64, press: .values(0...63), action: .tap), into: url)
            #expect(map.name == "Built-in default")
            #expect(map.comments == BuiltinMIDIMap.map.comments)
            #expect(map.mappings.map(\.description) == [
                "note 62 (any channel) → tempo-up 1",
                "note 60 (any channel) → tempo-down 1",
                "cc 67 (any channel) → toggle",
                "cc 11 (any channel) → tempo-cc 40…240",
                "cc 64 value 0…63 (any channel) → tap",
            ])
            #expect(try MIDIMap(contentsOf: url) == map)
            #expect(!FileManager.default.fileExists(atPath: MIDIMapStore.backupURL(for: url).path), "nothing to back up")
        }
    }

    @Test("a damaged file is refused and left byte-identical; nothing else is written", arguments: [
        "{\"schemaVersion\": 1, \"mappings\": [",
        "{\"schemaVersion\": 1, \"mappings\": [{\"message\": \"note\", \"number\": 300, \"action\": \"tap\"}]}",
        "{\"schemaVersion\": 2, \"mappings\": []}",
    ])
    func refusesDamaged(text: String) throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("midi-map.json")
            try Data(text.utf8).write(to: url)
            let error = #expect(throws: MIDIMapError.self) { try MIDIMapStore.learn(soft, into: url) }
            #expect(error?.source == url.path)
            #expect(try Data(contentsOf: url) == Data(text.utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["midi-map.json"])
        }
    }

    @Test("a learned mapping that is not valid is refused before anything is written")
    func refusesInvalidMapping() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("midi-map.json")
            try Data(Self.mine.utf8).write(to: url)
            #expect(throws: MIDIMapError(source: url.path, field: "mappings[3].number", message: "200 is out of range 0…127")) {
                try MIDIMapStore.learn(MIDIMap.Mapping(message: .note, number: 200, action: .tap), into: url)
            }
            #expect(try Data(contentsOf: url) == Data(Self.mine.utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["midi-map.json"])
        }
    }
}
