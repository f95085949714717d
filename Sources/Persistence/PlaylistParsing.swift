import Foundation

// Reading a playlist file: every field checked; each mistake is one line naming the file, the
// line and the field as a JSON path (`tracks[2].path`), or the line and column for text that
// is not JSON.

extension Playlist {
    static let topFields = ["schemaVersion", "shuffle", "repeatAll", "tracks"]
    static let trackFields = ["path"]

    /// Reads a playlist file's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(JSONFileError) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONNode.parse(data)
        } catch {
            throw JSONFileError(Playlist.placed(error, in: data), source: source)
        }
        do throws(JSONFieldError) {
            try self.init(root)
        } catch {
            var e = JSONFileError(error, source: source)
            e.line = JSONFieldLine.line(of: error.path, in: data)
            throw e
        }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        guard let top = root.value as? [String: Any] else {
            throw root.fail("expected an object { … } at the top, not \(root.shown)")
        }
        guard let versionNode = root.field("schemaVersion", of: top) else {
            throw JSONFieldError(path: "schemaVersion", message: "required, but missing")
        }
        let version = try versionNode.wholeNumber()
        guard version <= Playlist.schemaVersion else {
            throw versionNode.fail("\(version) is newer than this woodshed understands (\(Playlist.schemaVersion))")
        }
        guard version == Playlist.schemaVersion else {
            throw versionNode.fail("\(version) is not a version of this file (this woodshed reads \(Playlist.schemaVersion))")
        }
        _ = try root.object(known: Playlist.topFields)
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

    /// A file cut short comes without a place from Foundation: it is at the end.
    static func placed(_ error: JSONSyntaxError, in data: Data) -> JSONSyntaxError {
        guard error.line == nil else { return error }
        var e = error
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        e.line = lines.count
        e.column = String(decoding: lines.last ?? Data(), as: UTF8.self).count + 1
        return e
    }
}

extension JSONNode {
    /// `true` or `false`.
    fileprivate func playlistSwitch() throws(JSONFieldError) -> Bool {
        guard isBool, let flag = value as? NSNumber else { throw fail("expected true or false, not \(shown)") }
        return flag.boolValue
    }
}
