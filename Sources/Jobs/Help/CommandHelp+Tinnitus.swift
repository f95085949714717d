/// The help of `woodshed tinnitus match` and `check`: the commands' abstracts and discussions, and the
/// help lines of their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let tinnitus = CommandHelp(
        abstract: "Match your tinnitus frequency (for --notch tinnitus) and check recordings against the notch.",
        discussion: """
            Examples:
              woodshed tinnitus match               # a guided pitch match, saved
              woodshed noise pink --notch tinnitus  # then: notched noise or music
              woodshed tinnitus check a.flac b.mp3 --notch tinnitus:1/2
            Not medical advice: see docs/tinnitus.md.
            """)
    public static let tinnitusMatch = CommandHelp(
        abstract: "Find your tinnitus frequency with a tone you move with the arrow keys; saved for --notch tinnitus.",
        discussion: """
            Three steps: move a quiet tone (it starts at -40 dBFS and never goes above
            -10 dBFS) until it sounds like your tinnitus, ↑/↓ by 1/12 octave, →/← by
            1/48, +/- for the level, Enter when it matches; an octave check (keys 1-3
            play three tones, Enter picks the one playing; three rounds); then a second
            match from half an octave away. The result and the two matches' spread are
            saved to $XDG_CONFIG_HOME/woodshed/tinnitus.json. q or Esc quits unsaved.
            --noise-band plays narrow-band noise (1/3 octave) instead of the tone,
            with the same keys and limits.
            """)
    public static let tinnitusCheck = CommandHelp(
        abstract: "How much of each recording's energy lies in the notch band, in dB against the whole.",
        discussion: """
            Below -30 dB the notch takes nearly nothing from a recording: choose music
            with more energy around your tinnitus frequency.
            """)
}

extension OptionHelp {
    public static let tinnitusCheckNotch = "The notch to check against (default: tinnitus, the frequency woodshed tinnitus match saved)."
}
