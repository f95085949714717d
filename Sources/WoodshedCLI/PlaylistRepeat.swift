import ArgumentParser
import Jobs

/// `repeat NAME on|off`. Main thread.
struct PlaylistRepeat: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat", help: .playlistRepeat)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "on or off.") var state: String

    func run() throws { print(try PlaylistActions().repeatAll(playlist.name, state)) }
}
