/// No data folder was found: the folders looked in, in order, for a one-line message. Any thread.
public struct DataFolderMissing: Error, Equatable, Sendable, CustomStringConvertible {
    /// Each folder looked in, in order.
    public var looked: [String]
    /// True when `WOODSHED_DATA_DIR` named the one folder looked in.
    public var fromEnvironment: Bool

    public init(looked: [String], fromEnvironment: Bool = false) {
        self.looked = looked
        self.fromEnvironment = fromEnvironment
    }

    public var description: String {
        if fromEnvironment {
            return "Woodshed's data folder is missing: WOODSHED_DATA_DIR is \(looked.joined()), which is not a folder"
        }
        return "Woodshed's data folder (built-in presets, noise presets, MIDI maps) is missing: looked in "
            + looked.joined(separator: ", ") + " (reinstall, or set WOODSHED_DATA_DIR)"
    }
}
