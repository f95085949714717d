#if canImport(Glibc)
import Glibc
#endif

/// The name a render writes under until it is complete: `.NAME.partial-PID` beside the output
/// `NAME`, PID being the writing process. Any thread (names only).
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

    /// The writer's PID when `name` is a partial file's name (`.` + a name + `.partial-` + digits,
    /// nothing else), else nil.
    public static func pid(inName name: String) -> Int32? {
        guard name.hasPrefix("."), let dash = name.lastIndex(of: "-") else { return nil }
        let head = name[..<dash], digits = name[name.index(after: dash)...]
        // "." + at least one character + ".partial"
        guard head.hasSuffix(".partial"), head.count > ".partial".count + 1,
              !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
              let pid = Int32(digits), pid > 0 else { return nil }
        return pid
    }
}
