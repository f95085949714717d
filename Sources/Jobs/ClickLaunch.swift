import App
import Control
import Engine
import Foundation
import JackBackend
import MPRIS
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
    public var transport: TransportMode
    public var note: String?
    /// The output options every live command shares (`connect`: the click port's; `--for`,
    /// already checked by `DurationText.seconds`).
    public var output: LiveOutputRequest
    /// `--input PORT`: connected to `woodshed:in` (JACK only); nil: the port is left unconnected.
    public var input: String?
    /// `--song N`: the setlist's song to start at (from 1); nil: song 1.
    public var song: Int?
    /// `--coach` (JACK only): what is played into `woodshed:in` against the click; nil: off.
    public var coach: CoachRequest?

    public init(click: ClickRequest, volume: Float, midi: MIDIRequest, midiClock: Bool, transport: TransportMode, note: String?,
                output: LiveOutputRequest, input: String? = nil, song: Int? = nil, coach: CoachRequest? = nil) {
        self.click = click
        self.volume = volume
        self.midi = midi
        self.midiClock = midiClock
        self.transport = transport
        self.note = note
        self.output = output
        self.input = input
        self.song = song
        self.coach = coach
    }

    /// The options given that only JACK has (ALSA cannot honour them); `jackMIDI`: the JACK
    /// MIDI ports `--midi-in` names.
    func jackOnlyOptions(jackMIDI: [String]) -> [String] {
        var given: [String] = []
        if transport != .free { given.append("--transport \(transport.rawValue)") }
        if !output.connect.isEmpty { given.append("--connect") }
        if midiClock { given.append("--midi-clock") }
        if let port = jackMIDI.first { given.append("--midi-in \(port)") }
        given += ListenRequest(input: input).jackOnly
        if coach != nil { given.append("--coach") }
        return given
    }

    /// Starts the output (JACK, or ALSA: see `backend`) and runs the live loop until the end;
    /// `debug` takes diagnostics.
    public func run(debug: (String) -> Void) throws {
        let store = LastSessionStore()
        var start = try LiveSetup(options: click, volume: volume, store: store)
        // --advance-when: the trainer steps a constant-tempo click at its pass boundaries.
        let listening = try coach?.cleanWithinMs.map { ms in
            try ListeningTrainerSetup(request: click, plan: start.mapPlan ?? start.settings.plan(), cleanWithinMs: ms)
        }
        if let listening { start.mapPlan = listening.plan }
        if let bad = start.unusableLastSession {
            writeStderr("Warning: ignoring the last session, \(bad). The next saved settings replace it; the file is then kept as \(store.brokenURL.path).\n")
        }
        let remote = try RemoteSurfaces(oscPort: output.oscPort, oscBind: output.oscBind)
        let mode = transport
        let midiSetup = try MIDISetup(midi, clientName: output.jackName)
        for w in midiSetup.warnings { writeStderr("Warning: \(w)\n") }
        let session = LiveSession(settings: start.settings, mapPlan: start.mapPlan, mode: mode,
                                  midi: midiSetup.control, midiClock: midiClock, songs: midiSetup.songs)
        session.keepsPlayedSteps = coach != nil
        // A setlist starts at its song 1 (or --song N), not at the last session's tempo.
        let firstSong: Int?
        do { firstSong = try SetlistLine.startIndex(song: song, title: midiSetup.setlistTitle, count: midiSetup.songs.count) } catch {
            throw ValidationErrorMessage(error.description)
        }
        var summary = start.summary
        if let first = firstSong, let title = midiSetup.setlistTitle {
            session.perform(.setlistSong(first + 1))
            summary = SetlistLine.text(title: title, songs: midiSetup.songs.map(\.title), index: first)
        }
        var options = JackBackend.Options()
        options.clientName = output.jackName
        options.server = output.server
        options.noConnect = output.noConnect
        options.connect = JackPortList.ports(output.connect)
        options.transport = mode
        options.midiClock = midiClock
        options.midiConnect = midiSetup.jackSources
        options.inputConnect = input
        // woodshed:in (JACK): the graph copies it into the capture's ring.
        var parts = OutputParts()
        // Without --coach nothing reads it: the port is there, its input is dropped.
        let capture = coach != nil ? InputCapture.allocate(stamps: true) : InputCapture.unread()
        parts.capture = capture
        defer { capture.deallocate() }
        let fade = RunningFade()
        if coach != nil { try CoachStart.loadDetector() }
        let outputStart = LiveOutputStart(backend: output.backendChoice, alsaDevice: output.alsaDevice,
                                          jackOnly: jackOnlyOptions(jackMIDI: midiSetup.jackSources))
        var surfaces: [Surface] = []
        if !midiSetup.alsaInputs.isEmpty { surfaces.append(RtMidiSurface(midiSetup.alsaInputs, session: session)) }
        if output.mpris { surfaces.append(MPRISSurface(tempoStep: output.mprisStepMilliBPM, warn: writeStderr)) }
        try outputStart.launch(jack: options, session: session, parts: parts, fade: fade, stopAfter: output.duration.flatMap(DurationText.seconds),
                               surfaces: surfaces, remote: remote, debug: debug) { engine in
            // An unusable last-session file is replaced by the next save (LastSessionStore keeps it as .broken).
            let controller = MetronomeController(engine: engine, store: store, summary: summary, note: note ?? remote.osc?.startLine,
                                                 setlist: midi.setlist.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
            controller.practiceLog = PracticeLog()
            controller.setlistTitle = midiSetup.setlistTitle
            if let coach {
                controller.coach = try CoachStart.coach(coach, session: session, capture: capture, output: engine.output,
                                                        trainer: listening?.trainer, wake: engine.loop.wakePipe.writeDescriptor)
            }
            return controller
        }
        midiSetup.close()
    }

    /// `--transport` read: free, follow or master.
    public static func transportMode(_ text: String) throws(OptionProblem) -> TransportMode {
        guard let mode = TransportMode(rawValue: text) else {
            throw OptionProblem("--transport must be free, follow or master, not '\(text)'")
        }
        return mode
    }
}
