import ArgumentParser
import Jobs
import Persistence

/// `woodshed presets list|show`: the presets Woodshed ships and the user's own. Main thread.
struct PresetsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets", help: .presets,
        subcommands: [List.self, Show.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(help: .presetsList)
        func run() throws { PresetListing().show() }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(help: .presetsShow)
        @Argument(help: "Preset name.", completion: .presets) var name: String
        func run() throws {
            let json = try PresetLibrary().load(name: name).json()
            print(String(decoding: json, as: UTF8.self))
        }
    }
}
