import Engine
import MIDI

extension Action {
    /// The one place a fired MIDI mapping becomes an action: `binding` as the map compiled it,
    /// `value` the message's (a controller value, a program number), `text` the mapping's string
    /// argument (a preset's name), `now` the time of a tap. Arguments in the map's units (BPM,
    /// percent, seconds, ms) become the action's. Nil: a preset mapping without a name. Any
    /// thread but the render thread (which applies its own share, `MIDIAction.appliesOnRenderThread`,
    /// at the event's frame).
    public init?(midi binding: MIDIBinding, value: UInt8, text: String?, now: Double) {
        let a = binding.argument
        let count = Int(max(a, 1))
        switch binding.action {
        case .tempoUp: self = .tempoStep(milliBPM: a)
        case .tempoDown: self = .tempoStep(milliBPM: -a)
        case .tempoSet: self = .setTempo(milliBPM: a)
        case .tempoCC: self = .setTempo(milliBPM: binding.tempo(forControllerValue: value))
        case .tap: self = .tap(at: now)
        case .start: self = .start
        case .stop: self = .stop
        case .toggle: self = .toggleRunning
        case .meterNext: self = .beatsPerBarStep(1)
        case .meterPrev: self = .beatsPerBarStep(-1)
        case .countIn: self = .countIn(bars: count)
        case .mute: self = .toggleMute
        case .volumeUp: self = .volumeStep(Float(count) / 100)
        case .volumeDown: self = .volumeStep(-Float(count) / 100)
        case .setlistNext: self = .setlistStep(1)
        case .setlistPrev: self = .setlistStep(-1)
        case .setlistSong: self = .setlistSong(a > 0 ? Int(a) : Int(value) + 1)
        case .preset:
            guard let text else { return nil }
            self = .loadPreset(text)
        case .sectionNext: self = .sectionStep(1)
        case .sectionPrev: self = .sectionStep(-1)
        case .sectionAgain: self = .sectionAgain
        case .repeatUp: self = .repeatStep(count)
        case .repeatDown: self = .repeatStep(-count)
        case .speedUp: self = .speedStep(thousandths: count * 10)
        case .speedDown: self = .speedStep(thousandths: -count * 10)
        case .markIn: self = .markIn
        case .markOut: self = .markOut
        case .jumpForward: self = .jump(milliseconds: count * 1000)
        case .jumpBack: self = .jump(milliseconds: -count * 1000)
        case .nudgeInEarlier: self = .nudge(.start, milliseconds: -count)
        case .nudgeInLater: self = .nudge(.start, milliseconds: count)
        case .nudgeOutEarlier: self = .nudge(.end, milliseconds: -count)
        case .nudgeOutLater: self = .nudge(.end, milliseconds: count)
        case .notch: self = .toggleNotch
        case .sectionCursorNext: self = .sectionCursorStep(1)
        case .sectionCursorPrev: self = .sectionCursorStep(-1)
        case .sectionStartCursor: self = .startSectionAtCursor
        case .reset: self = .reset
        case .keepLoop: self = .keepLoop
        case .advanceMode: self = .cycleAdvance
        case .againSlower: self = .sectionAgainAtSpeed(thousandths: 850)
        case .againFaster: self = .sectionAgainAtSpeed(thousandths: 1150)
        case .filter: self = .toggleFilter
        case .karaoke: self = .toggleKaraoke
        }
    }
}
