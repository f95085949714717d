import Foundation
import MIDI
import Testing
@testable import Persistence

@Suite("Broken MIDI maps name the file and the field")
struct MIDIMapErrorTests {
    static let actions = MIDIAction.allCases.map(\.name).joined(separator: ", ")
    static let mappingFields = "message, channel, number, threshold, values, action, argument " +
        "(comments start with \"_\" or \"comment\")"
    static let tap = "{\"message\": \"cc\", \"number\": 64, \"action\": \"tap\"}"

    @Test("each mistake in a mapping gives one line with the file and the JSON path", arguments: [
        ("{\"message\": \"note\", \"number\": 62, \"action\": \"tempo-upp\"}",
         "midi-map.json: mappings[2].action: unknown action \"tempo-upp\" (known: \(actions))"),
        ("{\"message\": \"note\", \"number\": 130, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: 130 is out of range 0…127"),
        ("{\"message\": \"note\", \"number\": -1, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: -1 is out of range 0…127"),
        ("{\"message\": \"note\", \"number\": 60.5, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: expected a whole number, not 60.5"),
        ("{\"message\": \"note\", \"number\": \"60\", \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: expected a whole number, not \"60\""),
        ("{\"message\": \"note\", \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: required for \"note\" messages"),
        ("{\"message\": \"cc\", \"action\": \"tap\"}",
         "midi-map.json: mappings[2].number: required for \"cc\" messages"),
        ("{\"message\": \"note\", \"channel\": 17, \"number\": 60, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].channel: 17 is out of range 1…16 (or \"any\")"),
        ("{\"message\": \"note\", \"channel\": 0, \"number\": 60, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].channel: 0 is out of range 1…16 (or \"any\")"),
        ("{\"message\": \"note\", \"channel\": \"all\", \"number\": 60, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].channel: expected 1…16 or \"any\", not \"all\""),
        ("{\"message\": \"cc\", \"number\": 64, \"threshold\": 128, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].threshold: 128 is out of range 1…127"),
        ("{\"message\": \"cc\", \"number\": 64, \"threshold\": 0, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].threshold: 0 is out of range 1…127"),
        ("{\"message\": \"cc\", \"number\": 64, \"threshold\": 64, \"values\": [64, 127], \"action\": \"tap\"}",
         "midi-map.json: mappings[2]: give \"threshold\" or \"values\", not both"),
        ("{\"message\": \"cc\", \"number\": 64, \"values\": [64], \"action\": \"tap\"}",
         "midi-map.json: mappings[2].values: expected two values [low, high], not a list [ … ]"),
        ("{\"message\": \"cc\", \"number\": 64, \"values\": [64, 200], \"action\": \"tap\"}",
         "midi-map.json: mappings[2].values[1]: 200 is out of range 0…127"),
        ("{\"message\": \"cc\", \"number\": 64, \"values\": [100, 20], \"action\": \"tap\"}",
         "midi-map.json: mappings[2].values: low 100 is above high 20"),
        ("{\"message\": \"program\", \"threshold\": 1, \"action\": \"setlist-next\"}",
         "midi-map.json: mappings[2].threshold: a program change has no press condition: every one fires"),
        ("{\"message\": \"cc\", \"number\": 11, \"values\": [0, 127], \"action\": \"tempo-cc\"}",
         "midi-map.json: mappings[2].values: tempo-cc follows every value of the controller: leave out the press condition"),
        ("{\"message\": \"note\", \"number\": 11, \"action\": \"tempo-cc\"}",
         "midi-map.json: mappings[2].action: tempo-cc needs a \"cc\" message, not \"note\""),
        ("{\"message\": \"pc\", \"action\": \"tap\"}",
         "midi-map.json: mappings[2].message: unknown message \"pc\" (known: note, cc, program)"),
        ("{\"number\": 60, \"action\": \"tap\"}",
         "midi-map.json: mappings[2].message: required, but missing"),
        ("{\"message\": \"note\", \"number\": 60}",
         "midi-map.json: mappings[2].action: required, but missing"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tap\", \"chanel\": 10}",
         "midi-map.json: mappings[2].chanel: not a known field; the fields here are \(mappingFields)"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tap\", \"argument\": 1}",
         "midi-map.json: mappings[2].argument: tap takes no argument"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-up\", \"argument\": \"fast\"}",
         "midi-map.json: mappings[2].argument: expected a number of BPM, not \"fast\""),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-up\", \"argument\": true}",
         "midi-map.json: mappings[2].argument: expected a number of BPM, not true"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-up\", \"argument\": 0}",
         "midi-map.json: mappings[2].argument: 0 is out of range: a step is more than 0 and at most 1000 BPM"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-up\", \"argument\": 1.0005}",
         "midi-map.json: mappings[2].argument: 1.0005 has more than three decimal places"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-set\"}",
         "midi-map.json: mappings[2].argument: tempo-set needs a tempo in BPM"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"tempo-set\", \"argument\": 0.5}",
         "midi-map.json: mappings[2].argument: 0.5 is out of range 1…1000 BPM"),
        ("{\"message\": \"cc\", \"number\": 11, \"action\": \"tempo-cc\", \"argument\": 60}",
         "midi-map.json: mappings[2].argument: expected two tempos [min, max] in BPM, not 60"),
        ("{\"message\": \"cc\", \"number\": 11, \"action\": \"tempo-cc\", \"argument\": [60, 2000]}",
         "midi-map.json: mappings[2].argument[1]: 2000 is out of range 1…1000 BPM"),
        ("{\"message\": \"cc\", \"number\": 11, \"action\": \"tempo-cc\", \"argument\": [\"60\", 200]}",
         "midi-map.json: mappings[2].argument[0]: expected a number of BPM, not \"60\""),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"count-in\", \"argument\": 17}",
         "midi-map.json: mappings[2].argument: 17 is out of range 1…16"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"count-in\", \"argument\": \"2\"}",
         "midi-map.json: mappings[2].argument: expected a whole number, not \"2\""),
        ("{\"message\": \"program\", \"action\": \"setlist-song\", \"argument\": 0}",
         "midi-map.json: mappings[2].argument: 0 is out of range 1…128"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"preset\"}",
         "midi-map.json: mappings[2].argument: preset needs a preset name"),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"preset\", \"argument\": \"\"}",
         "midi-map.json: mappings[2].argument: expected a preset name in quotes, not \"\""),
        ("{\"message\": \"note\", \"number\": 60, \"action\": \"preset\", \"argument\": 3}",
         "midi-map.json: mappings[2].argument: expected a preset name in quotes, not 3"),
        ("\"tap\"", "midi-map.json: mappings[2]: expected an object { … }, not \"tap\""),
    ])
    func mapping(json: String, message: String) {
        let error = #expect(throws: MIDIMapError.self) { try midiMap("\(Self.tap), \(Self.tap), \(json)") }
        #expect(error?.description == message)
    }

    @Test("each mistake at the top of the file gives one line with the file and the field", arguments: [
        ("{\"schemaVersion\": 2, \"mappings\": [], \"newField\": 1}",
         "midi-map.json: schemaVersion: 2 is newer than this woodshed understands (1)"),
        ("{\"schemaVersion\": 0, \"mappings\": []}",
         "midi-map.json: schemaVersion: 0 is not a version of this file (this woodshed reads 1)"),
        ("{\"schemaVersion\": \"1\", \"mappings\": []}",
         "midi-map.json: schemaVersion: expected a whole number, not \"1\""),
        ("{\"mappings\": []}", "midi-map.json: schemaVersion: required, but missing"),
        ("{\"schemaVersion\": 1}", "midi-map.json: mappings: required, but missing"),
        ("{\"schemaVersion\": 1, \"mappings\": {}}", "midi-map.json: mappings: expected a list [ … ], not an object { … }"),
        ("{\"schemaVersion\": 1, \"mappings\": [], \"debounceMilliseconds\": 2000}",
         "midi-map.json: debounceMilliseconds: 2000 is out of range 0…1000"),
        ("{\"schemaVersion\": 1, \"mappings\": [], \"name\": 5}", "midi-map.json: name: expected text in quotes, not 5"),
        ("{\"schemaVersion\": 1, \"mappings\": [], \"debounce\": 30}",
         "midi-map.json: debounce: not a known field; the fields here are schemaVersion, name, description, " +
         "debounceMilliseconds, mappings (comments start with \"_\" or \"comment\")"),
        ("[1, 2]", "midi-map.json: expected an object { … } at the top, not a list [ … ]"),
    ])
    func top(json: String, message: String) {
        let error = #expect(throws: MIDIMapError.self) { try MIDIMap(data: Data(json.utf8), source: "midi-map.json") }
        #expect(error?.description == message)
    }

    @Test("broken JSON is named by its line and column; a file cut short by its end")
    func brokenJSON() {
        let json = "{\n  \"schemaVersion\": 1,\n  \"mappings\" []\n}\n"
        #expect(throws: MIDIMapError(source: "midi-map.json", line: 3, column: 14, message: "not valid JSON: invalid value")) {
            try MIDIMap(data: Data(json.utf8), source: "midi-map.json")
        }
        #expect(MIDIMapError(source: "midi-map.json", line: 3, column: 14, message: "not valid JSON: invalid value").description
                == "midi-map.json:3:14: not valid JSON: invalid value")
        #expect(throws: MIDIMapError(source: "midi-map.json", line: 3, column: 1, message: "not valid JSON: unexpected end of file during JSON parse")) {
            try MIDIMap(data: Data("{\n  \"schemaVersion\": 1,\n".utf8), source: "midi-map.json")
        }
    }

    @Test("a missing file says so, named as the user gave it")
    func missingFile() {
        #expect(throws: MIDIMapError(source: "maps/nope.json", message: "no such file")) {
            try MIDIMap(contentsOf: URL(fileURLWithPath: "maps/nope.json"))
        }
    }
}
