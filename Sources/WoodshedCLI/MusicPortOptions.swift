import ArgumentParser

/// `--connect PORT...` and `--no-connect` for the music ports (music_L, music_R) of `noise` and
/// `sounds preview`. Main thread.
struct MusicPortOptions: ParsableArguments {
    @Option(name: .long, parsing: .singleValue,
            help: "Connect music_L and music_R to these JACK ports (two, or comma-separated). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Flag(name: .long, help: "Do not connect the ports; leave routing to you.") var noConnect = false

    func validate() throws {
        if noConnect && !connect.isEmpty { throw ValidationError("give --connect or --no-connect, not both") }
    }
}
