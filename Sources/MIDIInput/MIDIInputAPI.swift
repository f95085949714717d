import CRtMidi

/// Which of RtMidi's backends a `RtMidiInput` uses. Any thread: a plain value.
public enum MIDIInputAPI: Sendable, Equatable, CustomStringConvertible {
    /// The ALSA sequencer: USB and hardware MIDI devices that are not bridged into JACK. The
    /// one users get.
    case alsa
    /// RtMidi's JACK backend. For tests only: it opens a second JACK client whose messages carry
    /// no JACK frame times (Woodshed's own JACK client reads JACK MIDI at exact frames).
    case jack

    /// "ALSA" or "JACK", as in our messages.
    public var description: String {
        switch self {
        case .alsa: "ALSA"
        case .jack: "JACK"
        }
    }

    var rtMidiAPI: RtMidiApi {
        switch self {
        case .alsa: RTMIDI_API_LINUX_ALSA
        case .jack: RTMIDI_API_UNIX_JACK
        }
    }
}
