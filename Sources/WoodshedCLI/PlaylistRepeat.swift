import ArgumentParser
import Jobs

/// `repeat NAME on|off`. Main thread.
struct PlaylistRepeat: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat",
                                                    abstract: "Start again after the last track (repeat-all), or stop there.")

    @Argument(help: "The playlist.", completion: .playlists) var name: String
    @Argument(help: "on or off.") var state: String

    func run() throws {
        print(try PlaylistActions().repeatAll(name, state))
    }
}
