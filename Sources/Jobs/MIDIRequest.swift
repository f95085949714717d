/// The MIDI options of a live command as given: `--midi-map`, `--midi-in`, `--setlist`.
/// Any thread.
public struct MIDIRequest: Sendable, Equatable {
    public var midiMap: String?
    /// `alsa:NAME` or `jack:PORT`, each checked by `MIDIInputSpec`.
    public var midiIn: [String]
    public var setlist: String?

    public init(midiMap: String?, midiIn: [String], setlist: String?) {
        self.midiMap = midiMap
        self.midiIn = midiIn
        self.setlist = setlist
    }

    /// Each `--midi-in` is alsa:NAME or jack:PORT; the first that is not is a one-line problem.
    public func check() throws(OptionProblem) {
        for spec in midiIn where MIDIInputSpec(spec) == nil { throw OptionProblem("--midi-in takes alsa:NAME or jack:PORT, not '\(spec)'") }
    }
}

extension MIDISetup {
    /// The MIDI side of a live session from the options (see `MIDISetup.init(midiMap:setlist:midiIn:...)`).
    public init(_ request: MIDIRequest, clientName: String, monitorOnly: Bool = false, userMapMayBeBroken: Bool = false) throws {
        try self.init(midiMap: request.midiMap, setlist: request.setlist, midiIn: request.midiIn, clientName: clientName,
                      monitorOnly: monitorOnly, userMapMayBeBroken: userMapMayBeBroken)
    }
}
