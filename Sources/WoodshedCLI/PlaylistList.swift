import ArgumentParser
import Jobs

/// `list [NAME]`. Main thread.
struct PlaylistList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", help: .playlistList)

    @Argument(help: "A playlist (default: all playlists).", completion: .playlists) var name: String?

    func run() throws { print(try PlaylistActions().list(name)) }
}
