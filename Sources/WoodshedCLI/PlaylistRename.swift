import ArgumentParser
import Jobs

/// `rename OLD NEW`. Main thread.
struct PlaylistRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", help: .playlistRename)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "Its new name.") var newName: String

    func run() throws { print(try PlaylistActions().rename(playlist.name, to: newName)) }
}
