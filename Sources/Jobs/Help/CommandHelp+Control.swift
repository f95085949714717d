/// The help of `woodshed midi` and `ctl`: controlling woodshed from pedals and other programs: the
/// commands' abstracts and discussions, and the help lines of their options too long for one line.
/// Constants: any thread.
extension CommandHelp {
    public static let midi = CommandHelp(abstract: "MIDI inputs: list them, watch them, or learn a pedal press into your MIDI map.")
    public static let midiPorts = CommandHelp(abstract: "List JACK MIDI sources and ALSA MIDI inputs, or why a backend is absent.")
    public static let midiLearn = CommandHelp(
        abstract: "Press a pedal or key: the next note, CC or program change is mapped to ACTION and saved.",
        discussion: """
            Saved to --midi-map FILE, else $XDG_CONFIG_HOME/woodshed/midi-map.json
            (which starts as a copy of the built-in map). The file is written atomically
            with one backup (.bak); other mappings stay as they are; a mapping of the
            same message is replaced.
            """)
    public static let midiMonitor = CommandHelp(
        abstract: "Show incoming MIDI messages and the action each would trigger (nothing is done).")
    public static let ctl = CommandHelp(
        abstract: "Send an action to the running woodshed and print its state.",
        discussion: """
            ACTION is a name of the MIDI map's action table (tempo-up, tempo-set,
            start, stop, toggle, section-next, speed-down, preset …; see
            docs/remote-control.md), or status. ARG is the action's argument (BPM,
            percent, bars, a preset name). The instance is found through its socket
            in $XDG_RUNTIME_DIR/woodshed/ (or /tmp/woodshed-$UID).
            """)
}
