/// The help of `woodshed click`, `render`, `render-cost`, `presets`, `coach` and `calibrate`: the
/// metronome and what goes with it: the commands' abstracts and discussions, and the help lines of
/// their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let click = CommandHelp(
        abstract: "Run the metronome live (on JACK, or ALSA without a JACK server), with a full-screen display and keys.",
        discussion: """
            With no tempo, the last tempo, meter and sound used are taken again.
            Keys: space start/stop, ↑/↓ ±1 BPM, PgUp/PgDn ±10 BPM, t tap tempo,
            [ ] or 1-9 beats per bar, m mute, + - volume, q or Esc quit.
            MIDI: JACK MIDI arrives on woodshed:midi_in and is mapped by the MIDI map
            (see docs/midi.md); --midi-in alsa:NAME also reads an ALSA sequencer port
            through RtMidi.
            Without a terminal on stdout, one plain line is printed per bar.
            Output: a running JACK server, else ALSA's default device (--backend,
            --alsa-device; see docs/backends.md). ALSA has no JACK transport,
            JACK MIDI or port connections.
            """)
    public static let render = CommandHelp(
        abstract: "Render a click track to a WAV or FLAC file, faster than real time.",
        discussion: """
            Examples:
              woodshed render click.wav 120 --bars 16
              woodshed render odd.flac 133 --meter 7/8 --pattern "X..x.x." --bars 32
              woodshed render sub.wav 90 --subdivide 3 --bars 8 --sound woodblock
              woodshed render song.wav --map song.klick
              woodshed render ramp.wav 80-160 --bars 16 --rate 44100
              woodshed render x.wav --preset son-clave
              woodshed render out.wav --play song.flac --from 1:02.5 --to 1:10 \\
                  --repeat 3 --speed 0.8
              woodshed render rain.wav --noise brown --seconds 600 --fade 20
              woodshed render notched.wav --play song.flac --notch 6.2kHz:1/2
              woodshed render bass.wav --play song.flac --filter lowpass:250
              woodshed render loop.mp3 --play song.flac --section solo --quality 6
            """)
    public static let renderCost = CommandHelp(abstract: "Time the render function per block (for make bench).")
    public static let presets = CommandHelp(abstract: "List and show metronome presets.")
    public static let presetsList = CommandHelp(abstract: "List presets: built-in ones and those in ~/.config/woodshed/presets.")
    public static let presetsShow = CommandHelp(abstract: "Print a preset's JSON.")
    public static let coach = CommandHelp(
        abstract: "Say how early or late each note of a recording was against the click.",
        discussion: """
            Examples:
              woodshed coach take.wav 120
              woodshed coach take.flac 132 --meter 7/8 --subdivide 2 --start 1.5
              woodshed coach take.wav --map song.map --json
            Bar 1, beat 1 falls at --start seconds into the take. One row per note:
            its time, its place on the click's grid (bar.beat.subdivision) and how far
            from it it was played, in milliseconds (positive = late). See docs/coach.md.
            """)
    public static let calibrate = CommandHelp(
        abstract: "Measure the latency of a loopback (an output cabled to an input) and save it for this JACK server and interface.",
        discussion: """
            Examples:
              woodshed calibrate
              woodshed calibrate --output system:playback_3 --input system:capture_3
            Plays a short noise on woodshed:calibrate, records woodshed:in, and finds it to
            the frame, as jack_iodelay does; shows what JACK's latency API says and the
            extra latency it does not know, which click --coach and coach then add.
            Saved in $XDG_CONFIG_HOME/woodshed/calibration.json (~/.config/...). JACK only.
            See docs/calibrate.md.
            """)
}

extension OptionHelp {
    public static let calibrateInput = "The JACK port the loopback comes back on, connected to woodshed:in (default: the first physical capture port)."
    public static let calibrateOutput = "The JACK port the test signal goes out on, from woodshed:calibrate (default: the first physical playback port)."
    public static let clickMidiClock = "Send MIDI clock (24 per quarter note, start/stop/continue, song position) on woodshed:midi_clock."
    public static let clickTransport = "JACK transport: free (default), follow (start/stop/locate/tempo from the transport), master (publish bar/beat/tick if no master exists)."
    public static let clickNote = "A note to show on the display until the first key (make run uses it)."
    public static let renderOutput = "Output file (.wav, .flac, .mp3, .ogg or .opus; or choose with --format)."
    public static let renderSeconds = "Render this many seconds instead of whole bars (endless clicks), at most 86400."
    public static let renderNoise = "Render noise instead of a click track: white, pink or brown (needs --seconds), a noise preset (sleep, focus, ...), or a sound (rain, ocean, fan, ...)."
    public static let renderThenSound = "With --play or --playlist: then a sound SOUND:DURATION, e.g. brown:15m (as play --then-sound plays it)."
}
