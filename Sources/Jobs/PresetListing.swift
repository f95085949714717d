import Persistence

/// `woodshed presets list`: one line per preset, its name padded to the longest, then its
/// description; the presets that could not be read, and a missing data folder, as warnings.
/// Main thread (reads files).
public struct PresetListing: FolderListing {
    public let lines: [String]
    /// Where the built-in data was looked for, when it was not found.
    public let missingData: DataFolderMissing?
    /// "FILE: problem" for each preset not listed.
    public let broken: [String]

    public init(library: PresetLibrary = PresetLibrary()) {
        missingData = library.missingData
        let (entries, broken) = library.list()
        let width = entries.map(\.name.count).max() ?? 0
        lines = entries.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.description }
        self.broken = broken.map { "\($0)" }
    }
}
