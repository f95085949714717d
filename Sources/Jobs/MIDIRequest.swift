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
}

extension MIDISetup {
    /// The MIDI side of a live session from the options (see `MIDISetup.init(midiMap:setlist:midiIn:...)`).
    public init(_ request: MIDIRequest, clientName: String, monitorOnly: Bool = false, userMapMayBeBroken: Bool = false) throws {
        try self.init(midiMap: request.midiMap, setlist: request.setlist, midiIn: request.midiIn, clientName: clientName,
                      monitorOnly: monitorOnly, userMapMayBeBroken: userMapMayBeBroken)
    }
}
