import ArgumentParser
import Jobs

/// `woodshed takes FILE list|play N|remove N`: the takes `--record` kept of an audio file.
/// Parsing only. Main thread.
struct TakesSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "takes",
        abstract: "List, play and remove the takes recorded with shadow or play --record.",
        discussion: """
            Examples:
              woodshed takes lesson.mp3 list
              woodshed takes lesson.mp3 play 3
              woodshed takes lesson.mp3 remove 3
            Takes are 24-bit FLAC files in $XDG_DATA_HOME/woodshed/takes/FINGERPRINT/
            (~/.local/share/...), one per turn, the last --keep (default 5) of each
            sentence or section; numbered from 1 as listed. See docs/shadowing.md.
            """)

    @Argument(help: "The audio file the takes were recorded with.", completion: .audioFiles) var file: String
    @Argument(help: "list, play or remove.") var action: String = "list"
    @Argument(help: "The take's number in the list (play, remove).") var number: Int?
    @OptionGroup(title: "Output (play)") var output: LivePlayOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws {
        switch action {
        case "list":
            if number != nil { throw ValidationError("list takes no number") }
        case "play", "remove":
            guard let number else { throw ValidationError("\(action) needs the take's number, e.g. woodshed takes FILE \(action) 1") }
            guard number >= 1 else { throw ValidationError("take \(number) is out of range: takes are numbered from 1") }
        default:
            throw ValidationError("the action is list, play or remove, not '\(action)'")
        }
    }

    func run() throws {
        let takes = try TakesActions(audioPath: file)
        switch action {
        case "play": try takes.play(number!, output: output.request, debug: diagnostics.start())
        case "remove": print(try takes.remove(number!))
        default: for line in takes.list() { print(line) }
        }
    }
}
