/// The MIDI action table: what a mapped message can do, in the words of the map files
/// (`"action": "tempo-up"`). One vocabulary with the keyboard's `Action` (Control maps each to
/// it); later features add rows here. Any thread: plain values.
public enum MIDIAction: UInt8, CaseIterable, Sendable, BitwiseCopyable {
    case start = 1, stop, toggle
    case tempoUp, tempoDown, tempoSet, tempoCC, tap
    case meterNext, meterPrev, countIn
    case mute, volumeUp, volumeDown
    case setlistNext, setlistPrev, setlistSong, preset
    // The rehearsal player's (accepted in maps now; a session without a player says so).
    case sectionNext, sectionPrev, sectionAgain, repeatUp, repeatDown, speedUp, speedDown, markIn, markOut
    case jumpForward, jumpBack, nudgeInEarlier, nudgeInLater, nudgeOutEarlier, nudgeOutLater
    // Tinnitus relief and listening filters.
    case notch
    // The rehearsal player's overview, reset, keeping a loop, advance; the learner's keys.
    case sectionCursorNext, sectionCursorPrev, sectionStartCursor, reset, keepLoop, advanceMode, againSlower, againFaster
    case filter, karaoke

    /// The name used in map files and on the command line.
    public var name: String {
        switch self {
        case .start: "start"
        case .stop: "stop"
        case .toggle: "toggle"
        case .tempoUp: "tempo-up"
        case .tempoDown: "tempo-down"
        case .tempoSet: "tempo-set"
        case .tempoCC: "tempo-cc"
        case .tap: "tap"
        case .meterNext: "meter-next"
        case .meterPrev: "meter-prev"
        case .countIn: "count-in"
        case .mute: "mute"
        case .volumeUp: "volume-up"
        case .volumeDown: "volume-down"
        case .setlistNext: "setlist-next"
        case .setlistPrev: "setlist-prev"
        case .setlistSong: "setlist-song"
        case .preset: "preset"
        case .sectionNext: "section-next"
        case .sectionPrev: "section-prev"
        case .sectionAgain: "section-again"
        case .repeatUp: "repeat-up"
        case .repeatDown: "repeat-down"
        case .speedUp: "speed-up"
        case .speedDown: "speed-down"
        case .markIn: "mark-in"
        case .markOut: "mark-out"
        case .jumpForward: "jump-forward"
        case .jumpBack: "jump-back"
        case .nudgeInEarlier: "nudge-in-earlier"
        case .nudgeInLater: "nudge-in-later"
        case .nudgeOutEarlier: "nudge-out-earlier"
        case .nudgeOutLater: "nudge-out-later"
        case .notch: "notch"
        case .sectionCursorNext: "section-cursor-next"
        case .sectionCursorPrev: "section-cursor-prev"
        case .sectionStartCursor: "section-start-cursor"
        case .reset: "reset"
        case .keepLoop: "keep-loop"
        case .advanceMode: "advance-mode"
        case .againSlower: "again-slower"
        case .againFaster: "again-faster"
        case .filter: "filter"
        case .karaoke: "karaoke"
        }
    }

    /// The action named `name` in a map file, or nil.
    public init?(name: String) {
        guard let a = MIDIAction.allCases.first(where: { $0.name == name }) else { return nil }
        self = a
    }

    /// What `"argument"` holds for this action in a map file.
    public var argument: MIDIActionArgument {
        switch self {
        case .tempoUp, .tempoDown: .bpm(default: 1_000)
        case .tempoSet: .bpm(default: nil)
        case .tempoCC: .bpmRange(default: (40_000, 240_000))
        case .countIn: .count(default: 1, range: 1...16)
        case .volumeUp, .volumeDown: .count(default: 10, range: 1...100)
        case .speedUp, .speedDown: .count(default: 5, range: 1...100)
        case .repeatUp, .repeatDown: .count(default: 1, range: 1...100)
        case .jumpForward, .jumpBack: .count(default: 5, range: 1...600)
        case .nudgeInEarlier, .nudgeInLater, .nudgeOutEarlier, .nudgeOutLater: .count(default: 10, range: 1...1000)
        case .setlistSong: .optionalCount(range: 1...128)
        case .preset: .name
        default: .none
        }
    }

    /// Actions the renderer applies itself, at the frame of a JACK MIDI event (the rest go to
    /// the control thread).
    public var appliesOnRenderThread: Bool {
        switch self {
        case .start, .stop, .toggle, .tempoUp, .tempoDown, .tempoSet, .tempoCC, .tap, .mute: true
        default: false
        }
    }

    /// A one-line description for `midi monitor`, help and docs/midi.md.
    public var summary: String {
        switch self {
        case .start: "start the click (transport modes: request transport start)"
        case .stop: "stop the click"
        case .toggle: "start or stop"
        case .tempoUp: "tempo up by the argument in BPM (default 1)"
        case .tempoDown: "tempo down by the argument in BPM (default 1)"
        case .tempoSet: "set the tempo to the argument in BPM"
        case .tempoCC: "tempo from the controller value, 0…127 → [min, max] BPM (default [40, 240])"
        case .tap: "tap tempo (from JACK MIDI: the event frames)"
        case .meterNext: "one more beat per bar, from the next bar"
        case .meterPrev: "one beat per bar less, from the next bar"
        case .countIn: "start with a count-in of the argument in bars (default 1)"
        case .mute: "mute or unmute the click"
        case .volumeUp: "volume up by the argument in percent (default 10)"
        case .volumeDown: "volume down by the argument in percent (default 10)"
        case .setlistNext: "next song of the setlist"
        case .setlistPrev: "previous song of the setlist"
        case .setlistSong: "setlist song number (argument, else the program number + 1)"
        case .preset: "load the preset named by the argument"
        case .sectionNext: "rehearsal player: next section"
        case .sectionPrev: "rehearsal player: previous section"
        case .sectionAgain: "rehearsal player: the section again"
        case .repeatUp: "rehearsal player: one repeat more"
        case .repeatDown: "rehearsal player: one repeat less"
        case .speedUp: "rehearsal player: faster by the argument in percent (default 5)"
        case .speedDown: "rehearsal player: slower by the argument in percent (default 5)"
        case .markIn: "rehearsal player: section start here"
        case .markOut: "rehearsal player: section end here"
        case .jumpForward: "rehearsal player: forward by the argument in seconds (default 5)"
        case .jumpBack: "rehearsal player: back by the argument in seconds (default 5)"
        case .nudgeInEarlier: "rehearsal player: section start earlier by the argument in ms (default 10)"
        case .nudgeInLater: "rehearsal player: section start later by the argument in ms (default 10)"
        case .nudgeOutEarlier: "rehearsal player: section end earlier by the argument in ms (default 10)"
        case .nudgeOutLater: "rehearsal player: section end later by the argument in ms (default 10)"
        case .notch: "the --notch off or on, over a 20 ms crossfade (player, shadowing, noise)"
        case .sectionCursorNext: "rehearsal player: the section list's cursor one down"
        case .sectionCursorPrev: "rehearsal player: the section list's cursor one up"
        case .sectionStartCursor: "rehearsal player: start the section under the list's cursor"
        case .reset: "rehearsal player: speed 1×, transpose 0 and the section's saved plan"
        case .keepLoop: "rehearsal player: keep the i/o loop as a section"
        case .advanceMode: "rehearsal player: then next, stop or loop-all for this session (the next of the three)"
        case .againSlower: "rehearsal player: the section again, its first pass alone at 0.85×"
        case .againFaster: "rehearsal player: the section again, its first pass alone at 1.15×"
        case .filter: "the --filter off or on, over a 20 ms crossfade (player)"
        case .karaoke: "the --karaoke off or on, over a 20 ms crossfade (player)"
        }
    }
}
