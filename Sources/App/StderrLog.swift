import Foundation
import Persistence

/// `$XDG_STATE_HOME/woodshed/stderr.log`: where what libraries print goes while a full screen
/// is shown. Main thread.
public enum StderrLog {
    /// The path (the folder is made if missing).
    public static func path() -> String {
        let dir = UserFolders.woodshed(.state)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("stderr.log").path
    }
}
