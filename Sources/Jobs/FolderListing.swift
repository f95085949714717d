import App
import Persistence

/// A listing of files Woodshed ships and the user's own (`presets list`, `sounds list`): its
/// lines, the data folder when it is missing, and the files that did not parse. Main thread.
public protocol FolderListing {
    var lines: [String] { get }
    var missingData: DataFolderMissing? { get }
    var broken: [String] { get }
}

extension FolderListing {
    /// The lines through `say`; the missing data folder first and each file that did not parse
    /// last, as "Warning: …" lines through `warn` (stdout and stderr by default).
    public func show(say: (String) -> Void = { print($0) }, warn: (String) -> Void = writeStderr) {
        if let missingData { warn("Warning: \(missingData)\n") }
        for line in lines { say(line) }
        for problem in broken { warn("Warning: \(problem) (not listed)\n") }
    }
}
