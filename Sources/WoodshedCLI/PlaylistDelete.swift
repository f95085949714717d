import ArgumentParser
import Jobs

/// `delete NAME`. Main thread.
struct PlaylistDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", help: .playlistDelete)

    @OptionGroup var playlist: PlaylistNameArgument

    func run() throws { print(try PlaylistActions().delete(playlist.name)) }
}
