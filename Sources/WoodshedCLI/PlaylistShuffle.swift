import ArgumentParser
import Jobs

/// `shuffle NAME on|off`. Main thread.
struct PlaylistShuffle: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shuffle", abstract: "Play the tracks in a random order, or in order.")

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "on or off.") var state: String

    func run() throws {
        print(try PlaylistActions().shuffle(playlist.name, state))
    }
}
