#if canImport(Glibc)
import Glibc
#endif

/// The name a render writes under until it is complete: `.NAME.partial-PID` beside the output
/// `NAME`, PID being the writing process (`StaleTemporaryFiles` cleans up after killed ones).
/// Any thread (names only).
public enum PartialFile {
    /// The output's folder ("." for a bare name, "/" at the top) and its file name.
    public static func folderAndName(_ path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (folder, name)
    }

    /// The partial file of `output` written by process `pid`.
    public static func path(for output: String, pid: Int32 = getpid()) -> String {
        let (folder, name) = folderAndName(output)
        return (folder.hasSuffix("/") ? folder : folder + "/") + ".\(name).partial-\(pid)"
    }
}
