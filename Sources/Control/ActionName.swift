import Engine
import MIDI

extension Action {
    /// The action in the words of the map files (`section-next`, `tempo-up`), for the messages
    /// of a session that has no part for it ("section-next: there is no rehearsal player in
    /// this session"); actions no mapping fires have their own word (`scope`, `quit`). Any thread.
    public var name: String {
        let midi: MIDIAction
        switch self {
        case .toggleRunning: midi = .toggle
        case .start: midi = .start
        case .stop: midi = .stop
        case .tempoStep(let d): midi = d < 0 ? .tempoDown : .tempoUp
        case .setTempo: midi = .tempoSet
        case .tap: midi = .tap
        case .beatsPerBarStep(let d): midi = d < 0 ? .meterPrev : .meterNext
        case .setBeatsPerBar: return "beats-per-bar"
        case .setMeter: return "meter"
        case .snooze: return "snooze"
        case .matchPitch: return "match-pitch"
        case .matchLevel: return "match-level"
        case .matchChoose: return "match-choose"
        case .matchAccept: return "match-accept"
        case .setPattern: return "pattern"
        case .toggleMute: midi = .mute
        case .volumeStep(let d): midi = d < 0 ? .volumeDown : .volumeUp
        case .quit: return "quit"
        case .countIn: midi = .countIn
        case .setlistStep(let d): midi = d < 0 ? .setlistPrev : .setlistNext
        case .setlistSong: midi = .setlistSong
        case .loadPreset: midi = .preset
        case .sectionStep(let d): midi = d < 0 ? .sectionPrev : .sectionNext
        case .sectionAgain: midi = .sectionAgain
        case .sectionAgainAtSpeed(let t): midi = t < 1000 ? .againSlower : .againFaster
        case .repeatStep(let d): midi = d < 0 ? .repeatDown : .repeatUp
        case .speedStep(let d): midi = d < 0 ? .speedDown : .speedUp
        case .jump(let ms): midi = ms < 0 ? .jumpBack : .jumpForward
        case .markIn: midi = .markIn
        case .markOut: midi = .markOut
        case .nudge(.start, let ms): midi = ms < 0 ? .nudgeInEarlier : .nudgeInLater
        case .nudge(.end, let ms): midi = ms < 0 ? .nudgeOutEarlier : .nudgeOutLater
        case .toggleScope: return "scope"
        case .setLoop: return "loop"
        case .sectionCursorStep(let d): midi = d < 0 ? .sectionCursorPrev : .sectionCursorNext
        case .startSectionAtCursor: midi = .sectionStartCursor
        case .reset: midi = .reset
        case .keepLoop: midi = .keepLoop
        case .cycleAdvance: midi = .advanceMode
        case .toggleNotch: midi = .notch
        case .toggleFilter: midi = .filter
        case .toggleKaraoke: midi = .karaoke
        }
        return midi.name
    }
}
