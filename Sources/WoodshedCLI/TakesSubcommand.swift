import ArgumentParser
import Jobs

/// `woodshed takes FILE list|play N|remove N`: the takes `--record` kept of an audio file.
/// Parsing only. Main thread.
struct TakesSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "takes", help: .takes)

    @Argument(help: "The audio file the takes were recorded with.", completion: .audioFiles) var file: String
    @Argument(help: "list, play or remove.") var action: String = "list"
    @Argument(help: "The take's number in the list (play, remove).") var number: Int?
    @OptionGroup(title: "Output (play)") var output: LivePlayOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    /// The arguments as a request for `TakesRequest.run`.
    var request: TakesRequest { TakesRequest(file: file, action: action, number: number) }

    func validate() throws { try usage { try request.check() } }

    func run() throws { try usage { try request.run(output: output.request, debug: diagnostics.start) } }
}
