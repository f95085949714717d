import ArgumentParser
import Jobs

/// `create NAME`. Main thread.
struct PlaylistCreate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", help: .playlistCreate)

    @Argument(help: "Its name: letters, digits, '-', '_', '.', '+'.") var name: String

    func run() throws { print(try PlaylistActions().create(name)) }
}
