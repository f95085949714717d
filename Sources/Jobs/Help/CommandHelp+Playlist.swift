/// The help of `woodshed playlist ACTION`: named playlists: the commands' abstracts and discussions,
/// and the help lines of their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let playlist = CommandHelp(
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
            """)
    public static let playlistCreate = CommandHelp(abstract: "Create an empty playlist.")
    public static let playlistRename = CommandHelp(abstract: "Rename a playlist.")
    public static let playlistDelete = CommandHelp(abstract: "Delete a playlist (its file is kept as NAME.json.bak until the next change).")
    public static let playlistAdd = CommandHelp(
        abstract: "Add files at the end of a playlist (by absolute path; a file that is not there is left out, with a warning).")
    public static let playlistRemove = CommandHelp(
        abstract: "Remove a track by its number, or every entry of a file (write ./3 for a file named 3).")
    public static let playlistMove = CommandHelp(abstract: "Move track FROM to position TO; the others keep their order.")
    public static let playlistList = CommandHelp(abstract: "List the playlists, or the tracks of one and whether each file is there now.")
    public static let playlistShuffle = CommandHelp(abstract: "Play the tracks in a random order, or in order.")
    public static let playlistRepeat = CommandHelp(abstract: "Start again after the last track (repeat-all), or stop there.")
    public static let playlistPlay = CommandHelp(
        abstract: "Play a playlist live through JACK, gapless, then optionally noise for a while.",
        discussion: """
            Examples:
              woodshed playlist play warmups
              woodshed playlist play warmups --then-sound brown:15m
              woodshed playlist play warmups --shuffle --repeat-all --for 45m
            Keys: space play/pause, n/p next/previous track, a restart the track, q quit.
            A missing or unreadable track is skipped with a warning.
            """)
}

extension OptionHelp {
    public static let playlistPlayThenNoise = "After the last track: a sound SOUND:DURATION, e.g. brown:15m or rain:30m (fades out over its last 10 s); --then-noise is another name."
}
