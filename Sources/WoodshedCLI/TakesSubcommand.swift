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

    /// The arguments as a request for `TakesRequest.run`.
    var request: TakesRequest { TakesRequest(file: file, action: action, number: number) }

    func validate() throws {
        try usage { try request.check() }
    }

    func run() throws {
        try usage { try request.run(output: output.request, debug: diagnostics.start) }
    }
}
