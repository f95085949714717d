import Jobs
import ArgumentParser

/// `playlist play NAME`: the playlist live, gapless, one track after the other (shuffled or
/// repeated as the playlist says, or as the options say), optionally followed by noise for a
/// set time. Main thread.
struct PlaylistPlay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", help: .playlistPlay)

    @Argument(help: "The playlist's name.", completion: .playlists) var name: String
    @Flag(inversion: .prefixedNo, help: "Shuffle the tracks (default: as the playlist says).") var shuffle: Bool?
    @Flag(name: .customLong("repeat-all"), help: "Start again after the last track (default: as the playlist says).") var repeatAll = false
    @Option(name: [.customLong("then-sound"), .customLong("then-noise")], help: ArgumentHelp(OptionHelp.playlistPlayThenNoise)) var thenNoise: String?
    @OptionGroup(title: "Output") var output: LivePlayOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws { _ = try usage { try ThenNoise.option(thenNoise, repeatAll: repeatAll) } }

    func run() throws {
        try PlayLaunch(output: output.request, midi: midi.request).playlist(
            name, shuffle: shuffle, repeatAll: repeatAll, thenNoise: usage { try ThenNoise.option(thenNoise, repeatAll: repeatAll) },
            debug: diagnostics.start())
    }
}
