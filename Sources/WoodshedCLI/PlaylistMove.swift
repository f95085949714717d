import ArgumentParser
import Jobs

/// `move NAME FROM TO`. Main thread.
struct PlaylistMove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", help: .playlistMove)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "The track's number (from 1).") var from: String
    @Argument(help: "Its new position (from 1).") var to: String

    func run() throws { print(try PlaylistActions().move(playlist.name, from: from, to: to)) }
}
