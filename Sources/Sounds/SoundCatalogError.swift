import Persistence

/// Why a sound of the catalog could not be found or made ready. Control thread. Each
/// description is one line naming the sound, and the file (with its line and field) when one
/// is at fault.
public enum SoundCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No sound of that name; `names` are the ones there are.
    case unknown(String, names: [String])
    /// The sound's catalog file does not read (file, line, field).
    case badFile(JSONFileError)
    /// The sound theme has no such sound installed.
    case themeSoundMissing(sound: String, themeSound: String)
    /// The sound file could not be read as audio; `reason` names the file.
    case unreadable(sound: String, reason: String)
    /// The sound file is longer than `SoundCatalog.longestFileSeconds`.
    case tooLong(sound: String, path: String, seconds: Double)
    /// The sound file holds only silence.
    case silent(sound: String, path: String)

    public var description: String {
        switch self {
        case .unknown(let name, let names):
            "no sound named '\(name)': use one of \(names.joined(separator: ", ")) (woodshed sounds list)"
        case .badFile(let error): error.description
        case .themeSoundMissing(let sound, let themeSound):
            "sound '\(sound)': the freedesktop sound theme has no '\(themeSound)' here "
                + "(looked in sounds/\(SoundTheme.theme)/\(SoundTheme.profile) of the XDG data folders; on Debian: apt install sound-theme-freedesktop)"
        case .unreadable(let sound, let reason): "sound '\(sound)': \(reason)"
        case .tooLong(let sound, let path, let seconds):
            "sound '\(sound)': \(path) is \(SoundError.format(seconds)) s long: a looped sound may be at most \(SoundError.format(SoundCatalog.longestFileSeconds)) s"
        case .silent(let sound, let path): "sound '\(sound)': \(path) is silent"
        }
    }
}
