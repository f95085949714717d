import ArgumentParser
import Jobs

/// `--input PORT`: the JACK port connected to `woodshed:in` (a microphone or an instrument).
/// Shared by `click`, `play` and `shadow`. Main thread.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(OptionHelp.input)) var input: String?
}
