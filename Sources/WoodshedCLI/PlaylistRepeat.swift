import ArgumentParser
import Jobs

/// `repeat NAME on|off`. Main thread.
struct PlaylistRepeat: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat",
                                                    abstract: "Start again after the last track (repeat-all), or stop there.")

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "on or off.") var state: String

    func run() throws {
        print(try PlaylistActions().repeatAll(playlist.name, state))
    }
}
