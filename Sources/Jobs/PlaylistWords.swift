import Foundation
import Persistence

/// What the playlist actions share: names, paths and switches as the user types them. Any thread.
public enum PlaylistWords {
    /// A playlist's name, or a one-line error.
    public static func name(_ text: String) throws -> PlaylistName { try PlaylistName(text) }

    /// A file as the user typed it, made absolute from the current folder (`..` and `.` removed).
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `on` or `off`.
    public static func onOff(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw ValidationErrorMessage("say on or off, not '\(text)'")
        }
    }

    /// A track number from 1; `what` names it in the error.
    public static func number(_ text: String, _ what: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw ValidationErrorMessage("\(what) must be a track number (from 1), not '\(text)'") }
        return n
    }

    /// "1 track", "3 tracks".
    public static func tracks(_ n: Int) -> String { plural(n, "track") }
}
