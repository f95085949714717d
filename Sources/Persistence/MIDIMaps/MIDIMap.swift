import Foundation
import MIDI

/// A MIDI map: which messages from a pedal or controller do what, as in a map file. Any thread
/// (a plain value; reading a file is for the control thread).
///
///     {
///       "schemaVersion": 1,
///       "name": "Sustain pedal",
///       "description": "Tap the tempo with a sustain pedal",
///       "debounceMilliseconds": 30,
///       "mappings": [
///         {"message": "cc", "number": 64, "threshold": 64, "action": "tap"},
///         {"message": "note", "channel": 10, "number": 36, "values": [1, 127], "action": "preset", "argument": "rock-4-4"}
///       ]
///     }
///
/// Each mapping listens to one kind of message (`note`, `cc`, `program`) on one channel (1…16)
/// or any, and one number (0…127; a program mapping may leave it out for any program). A note or
/// controller counts as pressed while its value is at least `threshold` (default 64 for `cc`, 1
/// for a note's velocity) or within `values` [lo, hi]; a press fires once. `action` is a
/// `MIDIAction` name, with an `argument` of the kind `MIDIAction.argument` says. Keys starting
/// with `_` or `comment` are comments; any other unknown key is an error. See docs/midi.md.
public struct MIDIMap: Sendable, Equatable {
    /// The only `schemaVersion` this version of Woodshed reads.
    public static let schemaVersion = 1
    /// The longest debounce a file may ask for.
    public static let debounceRange = 0...1000

    public var name: String
    public var description: String
    /// A second press of the same mapping within this many milliseconds of the last one that
    /// fired is ignored (pedals that bounce); 0: none.
    public var debounceMilliseconds: Int
    /// In file order: a message may fire several mappings, first to last.
    public var mappings: [Mapping]
    /// The file's comment fields (`_…`, `comment…`), each as text.
    public var comments: [String: String]

    public init(name: String = "", description: String = "", debounceMilliseconds: Int = 0,
                mappings: [Mapping], comments: [String: String] = [:]) {
        self.name = name
        self.description = description
        self.debounceMilliseconds = debounceMilliseconds
        self.mappings = mappings
        self.comments = comments
    }

    /// The mappings compiled for a `MIDIMatcher`, one per mapping, `index` its position here.
    /// Tempo arguments are thousandths of a BPM (tempo-cc: min in `argument`, max in
    /// `argument2`), counts plain, −1 when absent; channel 0 is any, program −1 any program.
    public func bindings() -> [MIDIBinding] {
        mappings.enumerated().map { i, m in m.binding(index: i) }
    }

    /// The debounce in frames at `rate` frames per second, rounded up.
    public func debounceFrames(rate: Int) -> Int64 {
        MIDIMatcher.debounceFrames(milliseconds: debounceMilliseconds, rate: rate)
    }

    /// The text argument of mapping `index` (the preset name of a `preset` mapping); nil for
    /// other mappings or an index out of range.
    public func text(at index: Int) -> String? {
        guard mappings.indices.contains(index), case .name(let text) = mappings[index].argument else { return nil }
        return text
    }

    /// One line for mapping `index`, e.g. `note 62 (any channel) → tempo-up 1`; nil out of range.
    public func describe(_ index: Int) -> String? {
        mappings.indices.contains(index) ? mappings[index].description : nil
    }
}
