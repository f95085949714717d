import Foundation

/// Where Woodshed keeps the user's files: its folder in each XDG base directory, from the
/// environment (`$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_STATE_HOME`, `$XDG_CACHE_HOME`;
/// unset or empty: the default under `$HOME`). Any thread (pure).
public enum UserFolders {
    public enum Kind: Sendable {
        /// Settings, MIDI map, presets: `~/.config`.
        case config
        /// Sections, playlists: `~/.local/share`.
        case data
        /// Last session, practice log, the stderr log: `~/.local/state`.
        case state
        /// What can be made again (fingerprints taken): `~/.cache`.
        case cache
    }

    /// `<base>/woodshed` for `kind`.
    public static func woodshed(_ kind: Kind, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let (variable, fallback) = switch kind {
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .data: ("XDG_DATA_HOME", ".local/share")
        case .state: ("XDG_STATE_HOME", ".local/state")
        case .cache: ("XDG_CACHE_HOME", ".cache")
        }
        let base = environment[variable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(fallback)
        return base.appendingPathComponent("woodshed")
    }
}
