import ArgumentParser
import Jobs

/// `list [NAME]`. Main thread.
struct PlaylistList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
                                                    abstract: "List the playlists, or the tracks of one and whether each file is there now.")

    @Argument(help: "A playlist (default: all playlists).", completion: .playlists) var name: String?

    func run() throws {
        print(try PlaylistActions().list(name))
    }
}
