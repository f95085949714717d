import ArgumentParser
import Jobs

/// `add NAME FILE...`. Main thread.
struct PlaylistAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add files at the end of a playlist (by absolute path; a file that is not there is left out, with a warning).")

    @OptionGroup var playlist: PlaylistNameArgument
    @Argument(help: "Audio files (WAV, FLAC, Ogg, MP3, ...).", completion: .audioFiles) var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more files to add") }
    }

    func run() throws {
        print(try PlaylistActions().add(playlist.name, files: files))
    }
}
