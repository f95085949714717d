import ArgumentParser
import Jobs

/// `woodshed sounds list|preview`: the sound catalog (built-in sounds and the user's own in
/// ~/.config/woodshed/sounds), and a 3-second preview of one on the live output. Main thread.
struct SoundsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds", help: .sounds,
        subcommands: [List.self, Preview.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(help: .soundsList)
        @Option(name: .long, help: "Only this category: noise, nature, machine, alarm or other.") var category: String?

        func run() throws { try SoundListing(category: category).show() }
    }

    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(help: .soundsPreview)
        @Argument(help: "The sound's name (see `woodshed sounds list`), a noise colour or a noise preset.", completion: .noise) var name: String
        @Option(name: .long, parsing: .unconditional, help: "Level in dBFS RMS, -90 to -12 (default: the sound's).") var level: Double?
        @OptionGroup(title: "Output") var output: LiveOutputOptions

        /// The arguments as a request for `SoundPreview`.
        var preview: SoundPreview { SoundPreview(name: name, level: level, output: output.request) }

        func validate() throws { try usage { try preview.check() } }

        func run() throws { try preview.run() }
    }
}
