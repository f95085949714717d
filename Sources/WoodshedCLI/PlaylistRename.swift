import ArgumentParser
import Jobs

/// `rename OLD NEW`. Main thread.
struct PlaylistRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a playlist.")

    @Argument(help: "The playlist.", completion: .playlists) var name: String
    @Argument(help: "Its new name.") var newName: String

    func run() throws {
        print(try PlaylistActions().rename(name, to: newName))
    }
}
