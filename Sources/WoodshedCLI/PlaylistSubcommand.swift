import ArgumentParser
import Jobs

/// `woodshed playlist ACTION ...`: named playlists kept in `$XDG_DATA_HOME/woodshed/playlists/`,
/// one JSON file each. Main thread.
struct PlaylistSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlist", help: .playlist,
        subcommands: [PlaylistCreate.self, PlaylistRename.self, PlaylistDelete.self, PlaylistAdd.self, PlaylistRemove.self,
                      PlaylistMove.self, PlaylistList.self, PlaylistShuffle.self, PlaylistRepeat.self, PlaylistPlay.self])
}
