import ArgumentParser
import Jobs

/// `add NAME FILE...`. Main thread.
struct PlaylistAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", help: .playlistAdd)

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "Audio files (WAV, FLAC, Ogg, MP3, ...).", completion: .audioFiles) var files: [String]

    func validate() throws { if files.isEmpty { throw ValidationError("give one or more files to add") } }

    func run() throws { print(try PlaylistActions().add(playlist.name, files: files)) }
}
