import ArgumentParser
import Jobs
import WoodshedCore

/// `woodshed play FILE`: the rehearsal player, live as a JACK client (ports music_L, music_R
/// and click), with a full-screen display, keys and MIDI pedals. Main thread.
struct PlaySubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an audio file live (on JACK, or ALSA without a JACK server): sections, repeat plans, slowed playback with pitch kept.",
        discussion: """
            Examples:
              woodshed play song.flac
              woodshed play song.mp3 --from 1:02.5 --to 1:10 --repeat 4 --gap 2s \\
                  --speed 0.75
              woodshed play song.wav --section chorus --count-in 1 --click 96
              woodshed play lesson.ogg --plan "0.6,0.8,1.0"
              woodshed play song.flac --then-sound brown:15m
              woodshed play song.flac --filter lowpass:250     # e: filter off/on
              woodshed play song.flac --karaoke                # v: karaoke off/on
            With no section options, the saved sections of the file play in order, each
            with its plan, or the whole file when none is saved. --speed and --transpose
            are for this run; speed and sections changed with keys or pedals are saved
            for the file (see `woodshed sections FILE`).
            Keys: space play/pause, n/p next/previous section, a again, -/+ again
            slower/faster, ]/[ one pass more/less, ↑/↓ speed ±5 %, ←/→ jump ±5 s,
            i/o mark in/out (a quick loop), w keep it as a section, ,/. move the start
            ∓10 ms, </> move the end ∓10 ms, c click on/off, j/k and Enter the section
            list, 0 reset, g then next/stop/loop-all, s oscilloscope and meters,
            q or Esc quit.
            MIDI: JACK MIDI on woodshed:midi_in through the MIDI map (docs/midi.md):
            section-next/prev/again, repeat-up/down, speed-up/down, mark-in/out,
            jump-forward/back, nudge-in/out-earlier/later, again-slower/faster,
            section-cursor-next/prev, section-start-cursor, reset, keep-loop,
            advance-mode; toggle (or start/stop) plays and pauses, mute turns the
            click off.
            Without a terminal on stdout, one plain line is printed per pass and the
            program quits at the end.
            Every format is read in place with exact seeks: WAV, FLAC and AIFF
            (libsndfile), MP3 and MPEG Layer II (libmpg123), Ogg Vorbis (libvorbisfile),
            Opus (libopusfile), AAC in M4A/MP4 (FFmpeg).
            """)

    @Argument(help: "The audio file: WAV, FLAC, OGG/Vorbis, Opus, MP3 or M4A.", completion: .audioFiles) var file: String
    @OptionGroup(title: "Practice") var practice: PlayOptions
    @Option(name: .customLong("count-in"), parsing: .unconditional, help: "Bars of count-in clicks before each pass (0-64).") var countIn: Int?
    @Option(name: .customLong("then-sound"), help: "After the program: a sound SOUND:DURATION, e.g. brown:15m or rain:30m (fades out over its last 10 s).")
    var thenSound: String?
    @OptionGroup(title: "Output") var output: LivePlayOptions
    @OptionGroup(title: "Listening filters") var filters: FilterOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Recording") var record: RecordOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    /// `--then-sound` read, a bad value as a usage error.
    var then: ThenNoise? {
        get throws { try usage { try ThenNoise.option(thenSound) } }
    }

    func validate() throws {
        try usage { try OptionRange.countIn.checkOption(countIn) }
        _ = try then
    }

    func run() throws {
        var out = output.request
        out.listen = record.request(input: input)
        out.filter = try filters.choice()
        out.karaoke = filters.karaoke
        try PlayLaunch(output: out, midi: midi.request)
            .play(file: file, practice: practice.request, countIn: countIn, thenSound: try then, debug: diagnostics.start())
    }
}
