/// Why MIDI input could not be opened, in the user's words. Any thread: a plain value.
///
/// RtMidi's own message (`RtMidiWrapper.msg`) is never read: after a failure it points to freed
/// memory. Cases that called RtMidi carry `libraryOutput`: what RtMidi, ALSA or JACK printed to
/// standard error meanwhile, captured so it never reaches the screen. Put it in a log; it is not
/// part of `description`.
public enum MIDIInputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// ALSA without a sequencer: /dev/snd/seq does not exist. Found before RtMidi is called.
    case sequencerMissing
    /// RtMidi could not create its client (for ALSA: open the sequencer).
    case cannotOpenClient(MIDIInputAPI, libraryOutput: String)
    /// RtMidi could not count or name the input ports.
    case cannotListPorts(MIDIInputAPI, libraryOutput: String)
    /// No input port's name contains `requested` (ignoring case), nor is it a port number.
    /// `available`: the names of the input ports, in RtMidi's order (numbers from 0).
    case noMatchingPort(MIDIInputAPI, requested: String, available: [String], libraryOutput: String)
    /// RtMidi could not set up delivery (ignored message types, callback) for the port.
    case cannotListen(MIDIInputAPI, port: String, libraryOutput: String)
    /// RtMidi could not open or connect to the port.
    case cannotOpenPort(MIDIInputAPI, port: String, libraryOutput: String)

    /// What RtMidi and the sound system printed while failing ("" when nothing, or not called).
    public var libraryOutput: String {
        switch self {
        case .sequencerMissing: ""
        case .cannotOpenClient(_, let out), .cannotListPorts(_, let out), .noMatchingPort(_, _, _, let out),
             .cannotListen(_, _, let out), .cannotOpenPort(_, _, let out):
            out
        }
    }

    /// One line for the user.
    public var description: String {
        switch self {
        case .sequencerMissing:
            "ALSA MIDI is not available: /dev/snd/seq is missing (no ALSA sequencer; load snd-seq, or connect the device through JACK: woodshed:midi_in)"
        case .cannotOpenClient(.alsa, _):
            "RtMidi could not open the ALSA sequencer (check that you may read and write /dev/snd/seq, or connect the device through JACK: woodshed:midi_in)"
        case .cannotOpenClient(.jack, _):
            "RtMidi could not open a JACK client (is the JACK server running?)"
        case .cannotListPorts(let api, _):
            "RtMidi could not list the \(api) MIDI input ports"
        case .noMatchingPort(let api, let requested, let available, _):
            "no \(api) MIDI input port matches \"\(requested)\" (ports: \(Self.list(available)))"
        case .cannotListen(let api, let port, _):
            "RtMidi could not receive from the \(api) MIDI input port \"\(port)\""
        case .cannotOpenPort(let api, let port, _):
            "RtMidi could not open the \(api) MIDI input port \"\(port)\""
        }
    }

    /// `0 "first", 1 "second"`, or `none`.
    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.enumerated().map { "\($0.offset) \"\($0.element)\"" }.joined(separator: ", ")
    }
}

extension MIDIInputError {
    /// The same error carrying `output` as its `libraryOutput`.
    func with(libraryOutput output: String) -> MIDIInputError {
        switch self {
        case .sequencerMissing: .sequencerMissing
        case .cannotOpenClient(let api, _): .cannotOpenClient(api, libraryOutput: output)
        case .cannotListPorts(let api, _): .cannotListPorts(api, libraryOutput: output)
        case .noMatchingPort(let api, let requested, let available, _):
            .noMatchingPort(api, requested: requested, available: available, libraryOutput: output)
        case .cannotListen(let api, let port, _): .cannotListen(api, port: port, libraryOutput: output)
        case .cannotOpenPort(let api, let port, _): .cannotOpenPort(api, port: port, libraryOutput: output)
        }
    }
}
