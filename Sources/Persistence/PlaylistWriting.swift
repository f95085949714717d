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
            return "    {" + fields.map { "\(Playlist.quoted($0.0)): \(Playlist.quoted($0.1))" }.joined(separator: ", ") + "}"
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
            "  \(Playlist.quoted(c.key)): \(Playlist.quoted(c.value))" + (i == comments.count - 1 ? "" : ",")
        }
        lines.append("}")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; the rest as it is (UTF-8).
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
