/// The help lines of the options whose words do not fit on their declaration's line, named after
/// the option (prefixed by the command when only one command has it). Those of one command are in
/// its family's `CommandHelp+…` file; those of the option groups several commands share are here.
/// Constants: any thread.
public enum OptionHelp {
    // The live output (`LiveOutputOptions`) and the live player's (`LivePlayOptions`).
    public static let connect = "Connect the click port (noise: music_L and music_R) to this JACK port (repeat for more, or comma-separated). Default: the first two physical playback ports."
    public static let alsaDevice = "The ALSA PCM to play on with the ALSA backend, e.g. hw:1, plughw:1,0, pipewire."
    public static let duration = "Stop after this long, e.g. 90s, 10m, 1h30m (at most 24h)."
    public static let osc = "Listen for OSC on this UDP port (klick's /klick/… and /woodshed/…; see docs/remote-control.md)."
    public static let oscBind = "Listen for OSC on this address instead of 127.0.0.1 (OSC has no authentication)."
    public static let noMPRIS = "Do not show this session to the desktop's media controls (MPRIS on the D-Bus session bus)."
    public static let mprisStep = "BPM that the media keys' Next/Previous add to or take from the click's tempo (default 1)."
    public static let playClickSound = "Click sound: beep, woodblock, cowbell, clave, stick, hihat, square; or accent.wav,normal.wav."
    public static let musicConnect = "Connect music_L and music_R to these JACK ports (two, or comma-separated). Default: the first two physical playback ports."
    public static let keepOpen = "Stay open when the program has played to its end (space plays the section again)."
    public static let scope = "Show an oscilloscope and level meters of the output (key s turns them on and off); --scope spectrum adds the music's spectrum under the trace."
    public static let scopeSpectrum = "--scope spectrum: the spectrum under the trace."

    // MIDI (`MIDIOptions`), the input port (`InputOptions`), the takes (`RecordOptions`), the notch (`NotchOption`) and the
    // the listening filters (`FilterOptions`).
    public static let midiMap = "MIDI map file, or a shipped map's name (expression-pedal, ...). Default: $XDG_CONFIG_HOME/woodshed/midi-map.json if it exists, else the built-in map."
    public static let midiIn = "Also take MIDI from alsa:NAME (an ALSA sequencer port, through RtMidi) or jack:PORT (a JACK MIDI port connected to woodshed:midi_in). Repeatable."
    public static let input = "Connect this JACK port (a microphone, e.g. system:capture_1) to woodshed:in. JACK only; default: not connected."
    public static let record = "Record each of your turns (the pause after a pass) from woodshed:in as a take (24-bit FLAC). JACK only."
    public static let compare = "After each turn, a 0.5 s pause, then your take played back; then the practice goes on (with --record)."
    public static let keep = "Takes kept per sentence or section, 1 to 1000 (default 5); older ones are removed."
    public static let notch = "Remove a band around FREQ (250 Hz to 12 kHz, at most 0.35 × the rate; e.g. 6000 or 6.2kHz, or tinnitus: the frequency woodshed tinnitus match saved), WIDTH octaves wide (1, 1/2 or 1/4; default 1). Music and noise only, never the click."
    public static let filter = "Hear only the lows, the highs or a band: lowpass:FREQ, highpass:FREQ or band:LO-HI (24 dB per octave; 20 Hz to 0.45 × the rate; e.g. lowpass:300, band:200-2000). Key e turns it off and on."
    public static let karaoke = "Take the centre of the mix (the voice) out above 190 Hz, keeping the lows and the sides. Key v turns it off and on."

    // What is practised (`PlayOptions`), what is clicked (`ClickGridOptions`) and the coach (`CoachOptions`).
    public static let gap = "Silence after each pass: a time (2s, 1500ms) or a multiple of the pass (1.5x)."
    public static let plan = "A speed per pass, e.g. \"0.6,0.8,1.0\" (one pass at each speed unless --repeat says more)."
    public static let clickOffset = "Where bar 1 starts in the file (a time; default 0)."
    public static let beatsPerBar = "Beats per bar of the click and count-in (default 4)."
    public static let crossfade = "Equal-power crossfade at each loop seam, in milliseconds (0: none; default 5)."
    public static let transpose = "Transpose in semitones, with cents as decimals (-12 to 12, e.g. -3 or 2.5)."
    public static let tempo = "Tempo in quarter notes per minute (1-1000): 120, 97.5, a ramp 80-160 (needs --bars), or klick's 80-160/10 (+1 BPM every 10 bars, then hold)."
    public static let coach = "Listen on woodshed:in (connect it with --input): how early or late each note is against the click, to the millisecond (JACK only; docs/coach.md)."
    public static let advanceWhen = "With --coach and a speed trainer (80-160/10, or a preset with one): step the tempo up only after a clean pass (every note within ±MS, none missed), back after a miss."
    public static let coachLog = "With --coach: write each note heard (time, position, deviation_ms) and each click missed as a JSON line to FILE."
}
