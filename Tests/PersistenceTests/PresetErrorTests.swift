import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Broken presets name the file and the field")
struct PresetErrorTests {
    static let head = "\"schemaVersion\": 1, \"name\": \"rock\", \"description\": \"\""
    static let fields = "schemaVersion, name, description, tempo, meter, pattern, grid, subdivision, sound, countIn, " +
        "gapTrainer, speedTrainer"

    func load(_ json: String) throws(PresetError) -> Preset {
        try Preset(json: Data(json.utf8), fileName: "rock.json")
    }

    @Test("each mistake gives one line with the file and the field", arguments: [
        ("\"tempo\": 120, \"meter\": \"4/0\"",
         "rock.json: field 'meter': meter '4/0' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)"),
        ("\"meter\": \"4/4\"", "rock.json: field 'tempo': required, but missing"),
        ("\"tempo\": \"fast\", \"meter\": \"4/4\"", "rock.json: field 'tempo': expected a number"),
        ("\"tempo\": 120, \"meter\": 4", "rock.json: field 'meter': expected text in quotes"),
        ("\"tempo\": null, \"meter\": \"4/4\"", "rock.json: field 'tempo': must not be null"),
        ("\"tempo\": 97.5001, \"meter\": \"4/4\"", "rock.json: field 'tempo': tempo '97.5001' has more than three decimal places"),
        ("\"tempo\": 0, \"meter\": \"4/4\"", "rock.json: field 'tempo': tempo 0 is out of range: use 1 to 1000 BPM"),
        ("\"tempo\": -5, \"meter\": \"4/4\"", "rock.json: field 'tempo': tempo -5 is out of range: use 1 to 1000 BPM"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"tmpo\": 1",
         "rock.json: field 'tmpo': not a known field; the fields here are \(fields)"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"pattern\": \"Xxx\"", "rock.json: field 'pattern': 'Xxx' has 3 steps; a bar of 4/4 has 4"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"pattern\": \"Xyxx\"",
         "rock.json: field 'pattern': 'y' in 'Xyxx' is not one of X (accent), x (normal), o (soft), . (silent)"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"pattern\": \"Xxxx\", \"grid\": 0",
         "rock.json: field 'grid': grid 0 is not valid: use 1 to 16 steps per beat"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"grid\": 4",
         "rock.json: field 'grid': a grid of 4 steps per beat needs a pattern written on it"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"pattern\": \"X...x...x...x...\", \"grid\": 4, \"subdivision\": 2",
         "rock.json: field 'subdivision': a pattern on a grid of 4 steps per beat already has its subdivisions"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"subdivision\": 17",
         "rock.json: field 'subdivision': subdivision 17 is not valid: use 1 to 16 clicks per beat"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"countIn\": 2.5", "rock.json: field 'countIn': expected a whole number, not 2.5"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"countIn\": 65", "rock.json: field 'countIn': count-in must be 0 to 64 bars, not 65"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"sound\": \"\"", "rock.json: field 'sound': the sound needs a name, e.g. \"beep\""),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"gapTrainer\": 2", "rock.json: field 'gapTrainer': expected an object { ... }"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"gapTrainer\": {\"playBars\": 2}",
         "rock.json: field 'gapTrainer.muteBars': required, but missing"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"gapTrainer\": {\"playBars\": 0, \"muteBars\": 2}",
         "rock.json: field 'gapTrainer.playBars': play 1 or more bars, not 0"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"gapTrainer\": {\"playBars\": 2, \"muteBars\": 2, \"bars\": 1}",
         "rock.json: field 'gapTrainer.bars': not a known field; the fields here are playBars, muteBars"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"speedTrainer\": {\"stepBPM\": 0.5, \"everyBars\": 4, \"limitBPM\": 140}",
         "rock.json: field 'speedTrainer.stepBPM': tempo 0.5 is out of range: use 1 to 1000 BPM"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"speedTrainer\": {\"stepBPM\": 4, \"everyBars\": 0, \"limitBPM\": 140}",
         "rock.json: field 'speedTrainer.everyBars': step every 1 or more bars, not 0"),
        ("\"tempo\": 120, \"meter\": \"4/4\", \"speedTrainer\": {\"stepBPM\": 4, \"everyBars\": 4, \"limitBPM\": 100}",
         "rock.json: field 'speedTrainer.limitBPM': the limit 100 must be above the starting tempo 120"),
    ])
    func mistake(fields: String, message: String) {
        let error = #expect(throws: PresetError.self) { try load("{\(Self.head), \(fields)}") }
        #expect(error?.description == message)
    }

    @Test("a preset from a newer Woodshed (schemaVersion 2) is refused, whatever else it holds")
    func futureVersion() {
        let json = "{\"schemaVersion\": 2, \"name\": \"rock\", \"bpm\": 120}"
        #expect(throws: PresetError.invalid(file: "rock.json", field: "schemaVersion",
                                            message: "version 2 is not supported; this Woodshed reads version 1")) {
            try load(json)
        }
        #expect(PresetError.invalid(file: "rock.json", field: "schemaVersion", message: "version 2 is not supported; this Woodshed reads version 1")
            .description == "rock.json: field 'schemaVersion': version 2 is not supported; this Woodshed reads version 1")
    }

    @Test("broken JSON is named by its line; a file cut short by its last line")
    func brokenJSON() {
        let json = "{\n  \"schemaVersion\": 1,\n  \"name\": \"rock\",\n  \"tempo\" 120\n}\n"
        #expect(throws: PresetError.invalid(file: "rock.json", line: 4, message: "not valid JSON: invalid value")) {
            try load(json)
        }
        #expect(throws: PresetError.invalid(file: "rock.json", line: 3, message: "not valid JSON: unexpected end of file during JSON parse")) {
            try load("{\n  \"schemaVersion\": 1,\n")
        }
    }

    @Test("the name inside must match the file name")
    func nameMismatch() {
        #expect(throws: PresetError.invalid(file: "rock.json", field: "name",
                                            message: "'pop' does not match the file name; name the file 'pop.json'")) {
            try load("{\"schemaVersion\": 1, \"name\": \"pop\", \"description\": \"\", \"tempo\": 120, \"meter\": \"4/4\"}")
        }
    }
}
