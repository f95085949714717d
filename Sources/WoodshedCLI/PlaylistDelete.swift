import ArgumentParser
import Jobs

/// `delete NAME`. Main thread.
struct PlaylistDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
                                                    abstract: "Delete a playlist (its file is kept as NAME.json.bak until the next change).")

    @OptionGroup var playlist: PlaylistNameArgument

    func run() throws {
        print(try PlaylistActions().delete(playlist.name))
    }
}
