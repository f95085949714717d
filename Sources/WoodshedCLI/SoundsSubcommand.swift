import ArgumentParser
import Jobs

/// `woodshed sounds list|preview`: the sound catalog (built-in sounds and the user's own in
/// ~/.config/woodshed/sounds), and a 3-second preview of one on the live output. Main thread.
struct SoundsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the sound catalog (noise, rain, ocean, fan, alarm tones, your own) and preview a sound.",
        discussion: """
            Examples:
              woodshed sounds list
              woodshed sounds list --category nature
              woodshed sounds preview rain
              woodshed noise rain --for 30m
            Your own sounds are $XDG_CONFIG_HOME/woodshed/sounds/NAME.json: a
            generator with its parameters, or a sound file looped with a crossfade.
            See docs/sounds.md.
            """,
        subcommands: [List.self, Preview.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sounds: name, category and description.")
        @Option(name: .long, help: "Only this category: noise, nature, machine, alarm or other.") var category: String?

        func run() throws { try SoundListing(category: category).show() }
    }

    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a sound for 3 seconds, fading out over the last second, on the live output (JACK, or ALSA).")
        @Argument(help: "The sound's name (see `woodshed sounds list`), a noise colour or a noise preset.", completion: .noise)
        var name: String
        @Option(name: .long, parsing: .unconditional, help: "Level in dBFS RMS, -90 to -12 (default: the sound's).") var level: Double?
        @OptionGroup(title: "Output") var output: LiveOutputOptions

        /// The arguments as a request for `SoundPreview`.
        var preview: SoundPreview { SoundPreview(name: name, level: level, output: output.request) }

        func validate() throws { try usage { try preview.check() } }

        func run() throws { try preview.run() }
    }
}
