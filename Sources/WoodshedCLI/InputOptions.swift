import ArgumentParser

/// `--input PORT`: the JACK port connected to `woodshed:in` (a microphone or an instrument).
/// Shared by `click`, `play` and `shadow`. Main thread.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: "Connect this JACK port (a microphone, e.g. system:capture_1) to woodshed:in. JACK only; default: not connected.")
    var input: String?
}
