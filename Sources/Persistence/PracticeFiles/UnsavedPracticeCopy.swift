import Foundation

/// Where a practice file goes when it cannot be saved in its place (the sections folder cannot
/// be written, or the saved file there does not parse and is never written over):
/// `$XDG_STATE_HOME/woodshed/unsaved/<audio name>-<date>.json`, written atomically, so the
/// marks and settings of a session are not lost. Control thread (disk I/O).
public enum UnsavedPracticeCopy {
    /// The folder of copies.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.woodshed(.state, environment: environment).appendingPathComponent("unsaved")
    }

    /// Writes `file` as `<audio name without extension>-<yyyyMMdd-HHmmss>.json` (local time)
    /// and returns where. Throws a one-line reason naming the path.
    public static func write(_ file: PracticeFile, audioPath: String, date: Date = Date(),
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws(JSONFileError) -> URL {
        let name = URL(fileURLWithPath: audioPath).deletingPathExtension().lastPathComponent
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.dateFormat = "yyyyMMdd-HHmmss"
        let url = folder(environment: environment).appendingPathComponent("\(name)-\(stamp.string(from: date)).json")
        do throws(FileProblem) {
            try AtomicFile.write(file.jsonData(), to: url)
        } catch {
            throw JSONFileError(source: url.path, message: error.message(namingFile: url.path))
        }
        return url
    }
}
