import Foundation

/// Finds a sound of the freedesktop sound theme (Debian's `sound-theme-freedesktop`) as the
/// Sound Theme Specification says: in `sounds/freedesktop/stereo/` of `$XDG_DATA_HOME`
/// (default `~/.local/share`), then of each folder of `$XDG_DATA_DIRS` (default
/// `/usr/local/share:/usr/share`), as `NAME.disabled` (turned off: not found), `NAME.oga`,
/// `NAME.ogg` or `NAME.wav`; a name not found falls back to the name without its last
/// `-part` (`alarm-clock-elapsed`, then `alarm-clock`, then `alarm`). Any thread (reads the
/// file system).
public enum SoundTheme {
    /// The theme every system has (the spec's fallback theme) and the output profile.
    public static let theme = "freedesktop"
    public static let profile = "stereo"
    static let extensions = ["disabled", "oga", "ogg", "wav"]

    /// Lower-case letters, digits and `-`, not starting or ending with `-`: a name the spec allows.
    public static func isSoundName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("-") && !name.hasSuffix("-")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The folders searched, in order: `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`.
    public static func dataFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return [home] + dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    /// The file of `name`, or nil when the theme has none (or it is disabled).
    public static func file(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidate = Substring(name)
        while !candidate.isEmpty {
            for folder in dataFolders(environment: environment) {
                let base = "\(folder)/sounds/\(theme)/\(profile)/\(candidate)"
                for ext in extensions where FileManager.default.fileExists(atPath: "\(base).\(ext)") {
                    return ext == "disabled" ? nil : "\(base).\(ext)"
                }
            }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<dash]
        }
        return nil
    }
}
