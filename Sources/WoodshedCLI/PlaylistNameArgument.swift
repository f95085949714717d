import ArgumentParser

/// The playlist an edit of `woodshed playlist` works on. Main thread.
struct PlaylistNameArgument: ParsableArguments {
    @Argument(help: "The playlist.", completion: .playlists) var name: String
}
