import App
import Control
import Engine
import JackBackend
import MPRIS
import Persistence
import Player
import Remote
import RenderGraph
import Sounds
import Takes

/// `play`, `shadow` and `playlist play` live: the practice program set up, the player's
/// session, the JACK client with music and click ports, MIDI, and the control loop
/// (`PlayerController` on `LiveEngine`) until the end. Main thread.
public struct PlayLaunch {
    public var output: LivePlayOutput
    public var midi: MIDIRequest

    public init(output: LivePlayOutput, midi: MIDIRequest) {
        self.output = output
        self.midi = midi
    }

    /// `woodshed play FILE`, then `thenSound` if given (`--then-sound`); `debug` takes diagnostics.
    public func play(file: String, practice: PlayRequest, countIn: Int?, thenSound: ThenNoise? = nil, debug: (String) -> Void) throws {
        try output.check()
        let setup = try PlaySetup(path: file, options: practice, countIn: countIn, live: true)
        try run(setup, shadow: nil, thenNoise: thenSound, debug: debug)
    }

    /// `woodshed shadow FILE`: the sentences, their plan, the shadowing screen and log.
    public func shadow(_ request: ShadowRequest, debug: (String) -> Void) throws {
        try output.check()
        let setup = try request.setup()
        try run(setup, shadow: ShadowMode(wait: request.wait, log: PracticeLog()), debug: debug)
    }

    /// `woodshed playlist play NAME`, then `thenNoise` if given.
    public func playlist(_ name: String, shuffle: Bool?, repeatAll: Bool, thenNoise: ThenNoise?, debug: (String) -> Void) throws {
        try output.check()
        let setup = try PlaySetup(playlist: name, shuffle: shuffle, repeatAll: repeatAll ? true : nil, live: true)
        try run(setup, shadow: nil, playlist: true, thenNoise: thenNoise, debug: debug)
    }

    /// Starts the live player for `setup` and runs it until the end. `playlist`: the
    /// playlist's screen; `thenNoise`: noise after the program (with the `--for` fade rule).
    func run(_ setup: PlaySetup, shadow: ShadowMode?, playlist: Bool = false, thenNoise: ThenNoise? = nil,
             debug: (String) -> Void) throws {
        for w in setup.warnings { writeStderr("Warning: \(w)\n") }
        let remote = try RemoteSurfaces(oscPort: output.oscPort, oscBind: output.oscBind)
        let midiSetup = try MIDISetup(midi, clientName: output.jackName, userMapMayBeBroken: true)
        for w in midiSetup.warnings { writeStderr("Warning: \(w)\n") }

        let sound = output.sound, volume = output.volume
        let audio = PlayerSession.Audio(
            source: setup.source, rate: setup.info.rate, frames: setup.info.frames, engine: setup.engine,
            crossfadeMilliseconds: setup.crossfadeMilliseconds,
            clickWaves: { rate in
                let s = try SoundSpec(parsing: sound).load(rate: rate)
                return (Array(s.waves.accent).map { $0 * volume }, Array(s.waves.normal).map { $0 * volume })
            })
        let player = PlayerSession(audio: audio, sections: setup.sections, unsavedCount: setup.unsavedCount,
                                   startSection: setup.startSection, speed: setup.speed,
                                   transposeCents: setup.transposeCents, click: setup.click, paused: output.pause,
                                   savedPlans: setup.savedPlans)
        player.compare = output.listen.compare && !playlist
        let session = LiveSession(settings: ClickSettings(), midi: midiSetup.control, songs: [])
        session.forPlayer = true

        let options = output.jackOptions(midiSources: midiSetup.jackSources)
        var parts = output.outputParts()
        // woodshed:in (JACK): play and shadow copy it into a ring; --record writes your turns from it.
        // Only a recorder reads the ring: without --record the capture keeps nothing (the port is
        // there, its input is dropped), so it costs no memory.
        let capture: InputCapture? = playlist ? nil
            : output.listen.record ? InputCapture.allocate() : InputCapture.unread()
        parts.capture = capture
        // A deck made during the --for fade (the server came back) takes it up where it has got
        // to: SessionJackLink.makeGraph hands each new graph to `fade`.
        let fade = RunningFade()
        nonisolated(unsafe) let deckMaker = player
        parts.makeDeck = { rate in try deckMaker.makeDeck(outputRate: rate) }
        var noiseTimer: NoiseTimer?
        if let thenNoise {
            let timer = NoiseTimer(seconds: thenNoise.seconds, fadeSeconds: LiveEngine.fadeSeconds(forTimer: thenNoise.seconds))
            nonisolated(unsafe) let t = timer, then = thenNoise
            parts.makeNoise = { rate in try then.generator(timer: t, rate: rate) }
            noiseTimer = timer
        }
        var surfaces: [Surface] = []
        if output.mpris { surfaces.append(MPRISSurface(warn: writeStderr)) }
        if !midiSetup.alsaInputs.isEmpty { surfaces.append(RtMidiSurface(midiSetup.alsaInputs, session: session)) }
        var recorder: TakeRecording?
        do {
            try output.outputStart(midiSources: midiSetup.jackSources)
                .launch(jack: options, session: session, parts: parts, fade: fade, stopAfter: output.duration.flatMap(DurationText.seconds),
                        surfaces: surfaces, remote: remote, debug: debug) { engine in
                    // The output runs and the worker has primed the ring: an MP3's frame index may be built now.
                    setup.allowIndexing()
                    let file = PlayerFile(summary: setup.summary, fileLine: setup.fileLine, info: setup.info, practice: setup.practice,
                                          sources: setup.files)
                    let controller = PlayerController(engine: engine, player: player, file: file, keepOpen: output.keepOpen, shadow: shadow)
                    controller.playlist = playlist
                    // `play` logs its sections as shadowing does its sentences; a playlist its tracks listened to.
                    if shadow == nil && !playlist { controller.playLog = PracticeLog() }
                    if playlist {
                        controller.listenLog = PracticeLog()
                        controller.listening = TrackListening(playlist: setup.playlistName, paths: setup.trackPaths)
                    }
                    controller.showsScope = output.scope || output.scopeSpectrum
                    controller.showsSpectrum = output.scopeSpectrum
                    if output.notch != nil { controller.notchSwitch = parts.notchSwitch }
                    controller.filters = parts.filters
                    if let noiseTimer, let thenNoise { controller.thenNoise = (noiseTimer, thenNoise.title) }
                    recorder = try output.listen.record ? capture.map { c in
                        try TakeRecorderStart.recording(capture: c, audio: setup.info, turns: player.turns, keep: output.listen.keep,
                                                        rate: engine.output.status.rate, unit: shadow != nil ? "sentence" : "section")
                    } : nil
                    if player.compare, let recorder {
                        let tape = player.tape
                        recorder.recorder.listener = { turn, frames, count in
                            if let frames { tape.append(turn: turn, frames, count: count) } else { tape.end(turn: turn) }
                        }
                    }
                    controller.recording = recorder
                    recorder?.recorder.start()
                    return controller
                }
        } catch {
            // The output is closed (or never opened): nothing reads the deck or the capture now.
            player.close()
            capture?.deallocate()
            throw error
        }
        recorder?.recorder.stop()
        capture?.deallocate()
        midiSetup.close()
    }
}
