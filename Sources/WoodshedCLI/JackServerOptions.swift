import ArgumentParser

/// The JACK client's name and server, shared by `click`, `noise` and the live player's
/// output options. Main thread.
struct JackServerOptions: ParsableArguments {
    @Option(name: .customLong("jack-name"), help: "JACK client name (JACK may rename it if taken).") var jackName = "woodshed"
    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?

    /// `--jack-name` within JACK's limit (called by the commands that check it).
    func checkName() throws {
        if jackName.isEmpty || jackName.utf8.count > 63 { throw ValidationError("--jack-name must be 1 to 63 bytes") }
    }
}
