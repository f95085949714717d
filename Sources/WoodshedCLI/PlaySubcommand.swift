import Jobs
import App
import ArgumentParser
import Control
import Foundation
import Logging
import MIDI
import JackBackend
import Player
import RenderGraph
import Sounds
import WoodshedCore

/// `woodshed play FILE`: the rehearsal player, live as a JACK client (ports music_L, music_R
/// and click), with a full-screen display, keys and MIDI pedals. Main thread.
struct PlaySubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an audio file live through JACK: sections, repeat plans, slowed playback with pitch kept.",
        discussion: """
            Examples:
              woodshed play song.flac
              woodshed play song.mp3 --from 1:02.5 --to 1:10 --repeat 4 --gap 2s \\
                  --speed 0.75
              woodshed play song.wav --section chorus --count-in 1 --click 96
              woodshed play lesson.ogg --plan "0.6,0.8,1.0"
            With no section options, the saved sections of the file play (from the one
            played last), or the whole file when none is saved. Speed, transpose and
            sections changed here are saved for the file (see `woodshed sections FILE`).
            Keys: space play/pause, n/p next/previous section, a again, ]/[ one pass
            more/less, ↑/↓ speed ±5 %, ←/→ jump ±5 s, i/o mark in/out (a new section),
            ,/. move the start ∓10 ms, </> move the end ∓10 ms, c click on/off,
            s oscilloscope and meters, q or Esc quit.
            MIDI: JACK MIDI on woodshed:midi_in through the MIDI map (docs/midi.md):
            section-next/prev/again, repeat-up/down, speed-up/down, mark-in/out,
            jump-forward/back, nudge-in/out-earlier/later; toggle (or start/stop) plays
            and pauses, mute turns the click off.
            Without a terminal on stdout, one plain line is printed per pass and the
            program quits at the end.
            MP3 and Vorbis are decoded once into $XDG_CACHE_HOME/woodshed/decoded (for
            exact seeks), kept under 4 GiB by removing the copies least recently used
            (WOODSHED_DECODE_CACHE_MIB sets the limit).
            """)

    @Argument(help: "The audio file: WAV, FLAC, OGG/Vorbis, Opus or MP3.")
    var file: String

    @OptionGroup(title: "Practice") var practice: PlayOptions

    @Option(name: .customLong("count-in"), parsing: .unconditional, help: "Bars of count-in clicks before each pass (0-64).")
    var countIn: Int?

    func validate() throws {
        try OptionRange.countIn.validate(countIn)
    }

    @OptionGroup(title: "Output") var output: LivePlayOptions

    @OptionGroup(title: "MIDI") var midi: MIDIOptions

    @Flag(name: .long, help: "Print debug diagnostics to stderr.")
    var verbose = false

    func run() throws {
        let log = Diagnostics.start(verbose: verbose)
        try output.check()
        let progress = ProgressLine(label: "decoding \(file) once (kept in the cache)", rate: 1, enabled: ProgressLine.stderrIsTerminal)
        let setup = try PlaySetup(path: file, options: practice.request, countIn: countIn, live: true) { progress.update(fraction: $0) }
        progress.finish()
        try LivePlayLauncher(setup: setup, output: output, midi: midi, log: log).run(shadow: nil)
    }
}

/// Starts the live player for a `PlaySetup`: the session, the JACK client with music and click
/// ports, MIDI, and the control loop (`PlayerController` on `LiveEngine`). Main thread.
struct LivePlayLauncher {
    let setup: PlaySetup
    let output: LivePlayOptions
    let midi: MIDIOptions
    let log: Logger

    /// `playlist`: the playlist's screen; `thenNoise`: noise of this colour for this long after
    /// the program (with the default 10 s fade-out).
    func run(shadow: ShadowMode?, playlist: Bool = false, thenNoise: (color: NoiseColor, seconds: Double)? = nil) throws {
        for w in setup.warnings { writeStderr("Warning: \(w)\n") }
        let remote = try RemoteSurfaces(oscPort: output.remote.osc, oscBind: output.remote.oscBind)
        let midiSetup = try MIDISetup(options: midi, clientName: output.jackName, userMapMayBeBroken: true)
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
                                   transposeCents: setup.transposeCents, click: setup.click, paused: output.pause)
        let pedals = PlayerMIDI(player)
        pedals.nudgeMilliseconds = shadow?.nudgeMilliseconds
        let session = LiveSession(settings: ClickSettings(), midi: midiSetup.control, songs: [])
        session.player = pedals

        var options = JackBackend.Options()
        options.clientName = output.jackName
        options.server = output.server
        options.noConnect = output.noConnect
        options.connect = output.connect.isEmpty ? nil : output.connect.flatMap { $0.split(separator: ",").map(String.init) }
        options.musicConnect = output.musicConnect.isEmpty ? nil : output.musicConnect.flatMap { $0.split(separator: ",").map(String.init) }
        options.midiConnect = midiSetup.jackSources
        options.scope = true   // tapped always, so key s can show it
        nonisolated(unsafe) let deckMaker = player
        options.makeDeck = { rate in try deckMaker.makeDeck(outputRate: rate) }
        var noiseTimer: NoiseTimer?
        if let thenNoise {
            let timer = NoiseTimer(seconds: thenNoise.seconds, fadeSeconds: min(10, thenNoise.seconds / 2))
            nonisolated(unsafe) let t = timer
            let color = thenNoise.color
            options.makeNoise = { rate in try t.generator(color: color, rate: rate, level: NoiseGenerator.defaultLevel) }
            noiseTimer = timer
        }
        let backend = JackBackend(options: options, session: session)
        do {
            try backend.start()
        } catch let e as JackError {
            player.close()
            var message = e.description
            if case .openFailed = e, let said = JackMessages.shared.recent.last { message += " (libjack: \(said))" }
            throw ValidationErrorMessage(message)
        }
        log.debug("connected as \(backend.status.clientName) at \(backend.status.rate) Hz")
        installQuitSignals()
        let engine = LiveEngine(output: backend, session: session, stopAfter: output.duration.flatMap(DurationText.seconds))
        engine.midiInputs = midiSetup.alsaInputs
        remote.attach(to: engine)
        let file = PlayerFile(summary: setup.summary, fileLine: setup.fileLine, info: setup.info, practice: setup.practice)
        let controller = PlayerController(engine: engine, player: player, file: file, keepOpen: output.keepOpen, shadow: shadow)
        controller.playlist = playlist
        controller.showsScope = output.scope
        if let noiseTimer, let thenNoise { controller.thenNoise = (noiseTimer, "\(thenNoise.color) noise".capitalized) }
        engine.run(controller)
        midiSetup.close()
        withExtendedLifetime(pedals) {}
    }
}
