import Foundation

/// Which map a session uses. Control thread (it reads files).
extension MIDIMap {
    /// `$XDG_CONFIG_HOME/woodshed/midi-map.json`, or `~/.config/woodshed/midi-map.json` when
    /// `XDG_CONFIG_HOME` is unset or empty. MIDI learn saves here.
    public static func userMapURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.woodshed(.config, environment: environment).appendingPathComponent("midi-map.json")
    }

    /// The map that applies, and where it came from (for messages): the `--midi-map` file when
    /// given (a file's path, or the name of a map shipped in the data folder's `midi/`, such as
    /// `expression-pedal`, when no file has that name: `shippedMapURL`); else the user's map file (`userMapURL`) when it exists; else the built-in default
    /// (source "built-in default"). A file that is missing or does not parse is an error: a
    /// broken user map is never silently replaced by the default.
    public static func resolve(explicit path: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(MIDIMapError) -> (map: MIDIMap, source: String) {
        if let path {
            let url = shippedMapURL(named: path) ?? URL(fileURLWithPath: path)
            return (try MIDIMap(contentsOf: url), url.relativePath)
        }
        let user = userMapURL(environment: environment)
        if FileManager.default.fileExists(atPath: user.path) {
            return (try MIDIMap(contentsOf: user), user.path)
        }
        return (BuiltinMIDIMap.map, BuiltinMIDIMap.source)
    }

    /// The map shipped with Woodshed that `name` names (`expression-pedal` →
    /// `<data folder>/midi/expression-pedal.json`), when `name` is a plain name, no file of that
    /// name is here, and the shipped one exists; else nil.
    public static func shippedMapURL(named name: String,
                                     data: Result<DataFolder, DataFolderMissing> = DataFolder.current) -> URL? {
        guard !name.isEmpty, !name.contains("/"), !FileManager.default.fileExists(atPath: name),
              case .success(let folder) = data else { return nil }
        let file = folder.midiMaps.appendingPathComponent(name.hasSuffix(".json") ? name : name + ".json")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// As `resolve`, except that a user's map file that cannot be used (when no `--midi-map`
    /// was given) gives the built-in default and the problem, to warn about: for commands that
    /// play without MIDI as well (`play`, `shadow`), which a typo in the map must not stop.
    /// A `--midi-map` file that cannot be used is still an error.
    public static func resolveOrDefault(explicit path: String?,
                                        environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(MIDIMapError) -> (map: MIDIMap, source: String, problem: MIDIMapError?) {
        do throws(MIDIMapError) {
            let found = try resolve(explicit: path, environment: environment)
            return (found.map, found.source, nil)
        } catch {
            guard path == nil else { throw error }
            return (BuiltinMIDIMap.map, BuiltinMIDIMap.source, error)
        }
    }
}
