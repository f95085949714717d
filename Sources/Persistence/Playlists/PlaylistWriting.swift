import Foundation

// A playlist as the JSON Woodshed saves: schemaVersion, shuffle, repeatAll, tracks, then the
// comments in key order; one track per line.

extension Playlist {
    /// The file's bytes as saved: pretty-printed JSON in a fixed key order, ending in a newline.
    public func jsonData() -> Data {
        var lines = ["{", "  \"schemaVersion\": \(Playlist.schemaVersion),",
                     "  \"shuffle\": \(shuffle),", "  \"repeatAll\": \(repeatAll),"]
        let comments = self.comments.sorted { $0.key < $1.key }
        let trackLines = tracks.map { track in
            let fields = [("path", track.path)] + track.comments.sorted { $0.key < $1.key }
            return "    {" + fields.map { "\(OrderedJSON.quoted($0.0)): \(OrderedJSON.quoted($0.1))" }.joined(separator: ", ") + "}"
        }
        let end = comments.isEmpty ? "" : ","
        if trackLines.isEmpty {
            lines.append("  \"tracks\": []" + end)
        } else {
            lines.append("  \"tracks\": [")
            lines.append(trackLines.joined(separator: ",\n"))
            lines.append("  ]" + end)
        }
        lines += comments.enumerated().map { i, c in
            "  \(OrderedJSON.quoted(c.key)): \(OrderedJSON.quoted(c.value))" + (i == comments.count - 1 ? "" : ",")
        }
        lines.append("}")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}
