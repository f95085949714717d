import ArgumentParser
import Jobs

/// `woodshed playlist ACTION ...`: named playlists kept in `$XDG_DATA_HOME/woodshed/playlists/`,
/// one JSON file each. Main thread.
struct PlaylistSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlist",
        abstract: "Create, edit and list named playlists.",
        discussion: """
            Examples:
              woodshed playlist create warmups
              woodshed playlist add warmups a.flac b.mp3 c.ogg
              woodshed playlist move warmups 3 1
              woodshed playlist remove warmups 2
              woodshed playlist shuffle warmups on
              woodshed playlist list warmups
              woodshed playlist play warmups --then-noise brown:15m
            Tracks are numbered from 1. Files are stored by absolute path.
            Saved in $XDG_DATA_HOME/woodshed/playlists/NAME.json (~/.local/share/...);
            each change keeps the version before as NAME.json.bak: see
            docs/noise-and-playlists.md.
            """,
        subcommands: [PlaylistCreate.self, PlaylistRename.self, PlaylistDelete.self, PlaylistAdd.self, PlaylistRemove.self,
                      PlaylistMove.self, PlaylistList.self, PlaylistShuffle.self, PlaylistRepeat.self, PlaylistPlay.self])
}
