import ArgumentParser
import Jobs

/// `remove NAME INDEX|FILE`. Main thread.
struct PlaylistRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", help: .playlistRemove)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "A track number (from 1) or a file.") var track: String

    func run() throws { print(try PlaylistActions().remove(playlist.name, track: track)) }
}
