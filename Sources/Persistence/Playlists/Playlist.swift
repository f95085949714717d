/// A named list of audio files to play in order (or shuffled), once or over and over. Any
/// thread (a plain value); `PlaylistStore` reads and writes it on the control thread.
///
///     {
///       "schemaVersion": 1,
///       "shuffle": false,
///       "repeatAll": false,
///       "tracks": [
///         {"path": "/home/me/practice/a.flac"},
///         {"path": "/home/me/practice/b.mp3"}
///       ]
///     }
///
/// Paths are absolute. `shuffle` and `repeatAll` default to false. Keys starting with `_` or
/// `comment` are comments, kept when the playlist is saved again; any other unknown key is an
/// error. The name is the file's name (`NAME.json`), not a field.
public struct Playlist: Sendable, Equatable {
    /// The only `schemaVersion` this version of Woodshed reads.
    public static let schemaVersion = 1

    /// One entry: a file to play. Any thread.
    public struct Track: Sendable, Equatable {
        /// Absolute.
        public var path: String
        /// Comment keys of the track's object and their text.
        public var comments: [String: String]

        public init(path: String, comments: [String: String] = [:]) {
            self.path = path
            self.comments = comments
        }
    }

    public var tracks: [Track]
    /// Play the tracks in a random order (a new order on each pass).
    public var shuffle: Bool
    /// Start again after the last track, until stopped.
    public var repeatAll: Bool
    /// Comment keys at the top of the file and their text.
    public var comments: [String: String]

    public init(tracks: [Track] = [], shuffle: Bool = false, repeatAll: Bool = false, comments: [String: String] = [:]) {
        self.tracks = tracks
        self.shuffle = shuffle
        self.repeatAll = repeatAll
        self.comments = comments
    }

    /// The tracks' paths, in order.
    public var paths: [String] { tracks.map(\.path) }

    /// Adds `paths` (absolute) at the end, in order.
    public mutating func append(paths: [String]) {
        tracks += paths.map { Track(path: $0) }
    }

    /// Removes the track at `number` (from 1) and returns it. `name` is for the error.
    @discardableResult
    public mutating func remove(number: Int, name: PlaylistName) throws(PlaylistError) -> Track {
        guard tracks.indices.contains(number - 1) else { throw .noSuchTrack(name: name.text, number: number, count: tracks.count) }
        return tracks.remove(at: number - 1)
    }

    /// Removes every entry of `path`; returns how many there were (at least 1).
    @discardableResult
    public mutating func remove(path: String, name: PlaylistName) throws(PlaylistError) -> Int {
        let before = tracks.count
        tracks.removeAll { $0.path == path }
        guard tracks.count < before else { throw .notInPlaylist(name: name.text, path: path) }
        return before - tracks.count
    }

    /// Moves track `from` so that it becomes track `to` (both from 1); the others keep their order.
    public mutating func move(number from: Int, to: Int, name: PlaylistName) throws(PlaylistError) {
        guard tracks.indices.contains(from - 1) else { throw .noSuchTrack(name: name.text, number: from, count: tracks.count) }
        guard tracks.indices.contains(to - 1) else { throw .noSuchTrack(name: name.text, number: to, count: tracks.count) }
        let track = tracks.remove(at: from - 1)
        tracks.insert(track, at: to - 1)
    }
}
