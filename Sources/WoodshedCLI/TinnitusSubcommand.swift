import ArgumentParser
import Jobs
import Persistence
import RenderGraph

/// `woodshed tinnitus match` and `woodshed tinnitus check FILE…`: finding the frequency
/// `--notch tinnitus` uses, and how much a notch there takes from a recording. Parsing only.
/// Main thread.
struct TinnitusSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tinnitus",
        abstract: "Match your tinnitus frequency (for --notch tinnitus) and check recordings against the notch.",
        discussion: """
            Examples:
              woodshed tinnitus match               # a guided pitch match, saved
              woodshed noise pink --notch tinnitus  # then: notched noise or music
              woodshed tinnitus check a.flac b.mp3 --notch tinnitus:1/2
            Not medical advice: see docs/tinnitus.md.
            """,
        subcommands: [TinnitusMatchSubcommand.self, TinnitusCheckSubcommand.self])
}

/// `woodshed tinnitus match`. Main thread.
struct TinnitusMatchSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
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

    @OptionGroup(title: "Output") var output: LiveOutputOptions
    @Option(name: .long, help: "The octave check's order from this number, the same each time (default: a new order).") var seed: UInt64?
    @Flag(name: .customLong("noise-band"), help: "Narrow-band noise (1/3 octave) around the frequency instead of the tone.") var noiseBand = false

    /// The options as a launch.
    var launch: TinnitusMatchLaunch { TinnitusMatchLaunch(output: output.request, seed: seed, noiseBand: noiseBand) }

    func validate() throws {
        try usage { try launch.check() }
    }

    func run() throws {
        try launch.run()
    }
}

/// `woodshed tinnitus check FILE…`. Main thread.
struct TinnitusCheckSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "How much of each recording's energy lies in the notch band, in dB against the whole.",
        discussion: """
            Below -30 dB the notch takes nearly nothing from a recording: choose music
            with more energy around your tinnitus frequency.
            """)

    @Argument(help: "Audio files.", completion: .audioFiles) var files: [String]
    @Option(name: .customLong("notch"), help: "The notch to check against (default: tinnitus, the frequency woodshed tinnitus match saved).")
    var notch = "tinnitus"
    @Flag(name: .long, help: "JSON instead of a table.") var json = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more audio files to check") }
        _ = try NotchOption.parse(notch)
    }

    func run() throws {
        var check = TinnitusCheck(files: files, notch: try NotchOption.parse(notch)!)
        check.json = json
        try check.run()
    }
}
