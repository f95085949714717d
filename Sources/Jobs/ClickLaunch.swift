import App
import Control
import JackBackend
import Persistence
import RenderGraph
import WoodshedCore

/// `woodshed click` live: the metronome as a JACK client, or on ALSA when no JACK server runs,
/// with its display, keys and MIDI, until the user quits or the time is up. Main thread.
public struct ClickLaunch {
    public var click: ClickRequest
    public var volume: Float
    public var midi: MIDIRequest
    public var midiClock: Bool
    /// Ports for the click port, each possibly comma-separated; empty for the default.
    public var connect: [String]
    public var noConnect: Bool
    public var jackName: String
    public var server: String?
    public var transport: TransportMode
    /// `--for`, already checked by `DurationText.seconds`.
    public var duration: String?
    public var note: String?
    /// The MPRIS object on the session bus (`--no-mpris`: false).
    public var mpris = true
    /// `--osc PORT` and `--osc-bind ADDR` (nil: no OSC).
    public var oscPort: UInt16?
    public var oscBind: String?
    /// `--input PORT`: connected to `woodshed:in` (JACK only); nil: the port is left unconnected.
    public var input: String?
    /// `--backend` and `--alsa-device`.
    public var backend = OutputBackendChoice.auto
    public var alsaDevice = "default"

    public init(click: ClickRequest, volume: Float, midi: MIDIRequest, midiClock: Bool,
                connect: [String], noConnect: Bool, jackName: String, server: String?, transport: TransportMode,
                duration: String?, note: String?) {
        self.click = click
        self.volume = volume
        self.midi = midi
        self.midiClock = midiClock
        self.connect = connect
        self.noConnect = noConnect
        self.jackName = jackName
        self.server = server
        self.transport = transport
        self.duration = duration
        self.note = note
    }

    /// The options given that only JACK has (ALSA cannot honour them); `jackMIDI`: the JACK
    /// MIDI ports `--midi-in` names.
    func jackOnlyOptions(jackMIDI: [String]) -> [String] {
        var given: [String] = []
        if transport != .free { given.append("--transport \(transport.rawValue)") }
        if !connect.isEmpty { given.append("--connect") }
        if midiClock { given.append("--midi-clock") }
        if let port = jackMIDI.first { given.append("--midi-in \(port)") }
        given += ListenRequest(input: input).jackOnly
        return given
    }

    /// Starts the output (JACK, or ALSA: see `backend`) and runs the live loop until the end;
    /// `debug` takes diagnostics.
    public func run(debug: (String) -> Void) throws {
        let store = LastSessionStore()
        let start = try LiveSetup(options: click, volume: volume, store: store)
        if let bad = start.unusableLastSession {
            writeStderr("Warning: ignoring the last session, \(bad). The next saved settings replace it; the file is then kept as \(store.brokenURL.path).\n")
        }
        let remote = try RemoteSurfaces(oscPort: oscPort, oscBind: oscBind)
        let mode = transport
        let midiSetup = try MIDISetup(midi, clientName: jackName)
        for w in midiSetup.warnings { writeStderr("Warning: \(w)\n") }
        let session = LiveSession(settings: start.settings, mapPlan: start.mapPlan, mode: mode,
                                  midi: midiSetup.control, midiClock: midiClock, songs: midiSetup.songs)
        var options = JackBackend.Options()
        options.clientName = jackName
        options.server = server
        options.noConnect = noConnect
        options.connect = JackPortList.ports(connect)
        options.transport = mode
        options.midiClock = midiClock
        options.midiConnect = midiSetup.jackSources
        options.inputConnect = input
        // woodshed:in (JACK): the graph copies it into the capture's ring.
        var parts = OutputParts()
        let capture = InputCapture.allocate()
        parts.capture = capture
        defer { capture.deallocate() }
        let fade = RunningFade()
        let outputStart = LiveOutputStart(backend: backend, alsaDevice: alsaDevice,
                                          jackOnly: jackOnlyOptions(jackMIDI: midiSetup.jackSources))
        let output = try outputStart.start(jack: options, session: session, parts: parts, fade: fade, debug: debug)
        installQuitSignals()
        let engine = LiveEngine(output: output, session: session, stopAfter: duration.flatMap(DurationText.seconds), fade: fade)
        engine.midiInputs = midiSetup.alsaInputs
        engine.mpris = mpris
        remote.attach(to: engine)
        // An unusable last-session file is replaced by the next save (LastSessionStore keeps it as .broken).
        engine.run(MetronomeController(engine: engine, store: store, summary: start.summary, note: note ?? remote.osc?.startLine))
        midiSetup.close()
    }
}
