/// The click screen's setlist line: the setlist's title, the song playing and what comes
/// next. Any thread (pure).
public enum SetlistLine {
    /// `Friday gig · song 2/3 Ballad · next: Odd`; after the last song `next: — (the last song)`.
    public static func text(title: String, songs: [String], index: Int) -> String {
        guard songs.indices.contains(index) else { return title }
        let next = index + 1 < songs.count ? songs[index + 1] : "— (the last song)"
        return "\(title) · song \(index + 1)/\(songs.count) \(songs[index]) · next: \(next)"
    }

    /// The song to start at: `--song N` (from 1), else the first; a one-line error when the
    /// setlist has no song N, or when there is no setlist.
    public static func startIndex(song: Int?, title: String?, count: Int) throws(SetlistStartError) -> Int? {
        guard let title else {
            if let song { throw SetlistStartError("--song \(song) needs a setlist: give --setlist FILE") }
            return nil
        }
        guard let n = song else { return 0 }
        guard (1...max(count, 1)).contains(n) else {
            throw SetlistStartError("--song \(n) is out of range: setlist '\(title)' has \(count == 1 ? "1 song" : "\(count) songs")")
        }
        return n - 1
    }
}
