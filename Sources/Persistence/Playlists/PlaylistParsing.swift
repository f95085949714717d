import Foundation

// Reading a playlist file: every field checked; each mistake is one line naming the file, the
// line and the field as a JSON path (`tracks[2].path`), or the line and column for text that
// is not JSON.

extension Playlist {
    static let topFields = ["schemaVersion", "shuffle", "repeatAll", "tracks"]
    static let trackFields = ["path"]

    /// Reads a playlist file's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in try Playlist(root) }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: Playlist.topFields, version: Playlist.schemaVersion)
        let shuffle = try root.field("shuffle", of: top)?.playlistSwitch() ?? false
        let repeatAll = try root.field("repeatAll", of: top)?.playlistSwitch() ?? false
        guard let listNode = root.field("tracks", of: top) else {
            throw JSONFieldError(path: "tracks", message: "required, but missing (write [] for none)")
        }
        let items = try listNode.list()
        var tracks: [Track] = []
        for i in items.indices {
            let node = listNode.element(i, of: items)
            let object = try node.object(known: Playlist.trackFields)
            guard let pathNode = node.field("path", of: object) else { throw node.fail("\"path\" is required, but missing") }
            let path = try pathNode.string()
            guard path.hasPrefix("/") else { throw pathNode.fail("\"\(path)\" is not an absolute path (one starting with /)") }
            tracks.append(Track(path: path, comments: JSONNode.comments(of: object)))
        }
        self.init(tracks: tracks, shuffle: shuffle, repeatAll: repeatAll, comments: JSONNode.comments(of: top))
    }
}

extension JSONNode {
    /// `true` or `false`.
    fileprivate func playlistSwitch() throws(JSONFieldError) -> Bool {
        guard isBool, let flag = value as? NSNumber else { throw fail("expected true or false, not \(shown)") }
        return flag.boolValue
    }
}
