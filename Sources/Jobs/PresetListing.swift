import Persistence

/// `woodshed presets list`: one line per preset, its name padded to the longest, then its
/// description; the presets that could not be read, as warnings. Main thread (reads files).
public struct PresetListing {
    public let lines: [String]
    /// "FILE: problem" for each preset not listed.
    public let broken: [String]

    public init(library: PresetLibrary = PresetLibrary()) {
        let (entries, broken) = library.list()
        let width = entries.map(\.name.count).max() ?? 0
        lines = entries.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.description }
        self.broken = broken.map { "\($0)" }
    }
}
