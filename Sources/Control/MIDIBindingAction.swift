import MIDI

extension Action {
    /// The one place a fired MIDI mapping becomes an action of the live session: `binding` as
    /// the map compiled it, `value` the message's (a controller value, a program number),
    /// `text` the mapping's string argument (a preset's name), `now` the time of a tap. The
    /// player's actions (sections, repeats, speed, marks) pass through as `.player`, which
    /// `PlayerActions` takes first. Nil: a preset mapping without a name. Control thread.
    public init?(midi binding: MIDIBinding, value: UInt8, text: String?, now: Double) {
        let a = binding.argument
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
        case .countIn: self = .countIn(bars: Int(max(a, 1)))
        case .mute: self = .toggleMute
        case .volumeUp: self = .volumeStep(Float(max(a, 1)) / 100)
        case .volumeDown: self = .volumeStep(-Float(max(a, 1)) / 100)
        case .setlistNext: self = .setlistStep(1)
        case .setlistPrev: self = .setlistStep(-1)
        case .setlistSong: self = .setlistSong(a > 0 ? Int(a) : Int(value) + 1)
        case .preset:
            guard let text else { return nil }
            self = .loadPreset(text)
        case .sectionNext, .sectionPrev, .sectionAgain, .repeatUp, .repeatDown, .speedUp, .speedDown, .markIn, .markOut,
             .jumpForward, .jumpBack, .nudgeInEarlier, .nudgeInLater, .nudgeOutEarlier, .nudgeOutLater:
            self = .player(binding.action.name)
        }
    }
}
