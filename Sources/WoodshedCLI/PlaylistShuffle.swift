import ArgumentParser
import Jobs

/// `shuffle NAME on|off`. Main thread.
struct PlaylistShuffle: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shuffle", help: .playlistShuffle)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "on or off.") var state: String

    func run() throws { print(try PlaylistActions().shuffle(playlist.name, state)) }
}
