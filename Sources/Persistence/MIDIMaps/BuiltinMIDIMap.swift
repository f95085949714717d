import Foundation

/// The built-in MIDI map, used when there is no `--midi-map` and no user map file. Any thread.
///
/// Embedded as a string so it works after install without the repository or SwiftPM resource
/// bundles. It must stay byte-identical to `Presets/midi/default.json` (a test checks): after
/// editing that file, paste it here between the quotes.
public enum BuiltinMIDIMap {
    /// Names the built-in map where a file name would be.
    public static let source = "built-in default"

    /// The map (checked by the tests, so it always parses).
    public static let map: MIDIMap = try! MIDIMap(data: Data(json.utf8), source: source)

    /// The text of `Presets/midi/default.json`.
    public static let json = #"""
{
  "schemaVersion": 1,
  "name": "Built-in default",
  "description": "Two-button footswitch on notes 60/62 (tempo down/up 1 BPM), sustain pedal taps the tempo, soft pedal starts and stops, expression pedal (CC 11) sets 40–240 BPM; any channel",
  "_comment": "Used when there is no ~/.config/woodshed/midi-map.json and no --midi-map. Copy it there to change it; see docs/midi.md.",
  "debounceMilliseconds": 0,
  "mappings": [
    {"message": "note", "channel": "any", "number": 62, "action": "tempo-up", "argument": 1},
    {"message": "note", "channel": "any", "number": 60, "action": "tempo-down", "argument": 1},
    {"message": "cc", "channel": "any", "number": 64, "threshold": 64, "action": "tap"},
    {"message": "cc", "channel": "any", "number": 67, "threshold": 64, "action": "toggle"},
    {"message": "cc", "channel": "any", "number": 11, "action": "tempo-cc", "argument": [40, 240]}
  ]
}

"""#
}
