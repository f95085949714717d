/// Any thread (a value). Which version of a source file this is: where it lives, its size and
/// its modification time. A decoded copy made from one identity is not used for another.
struct SourceIdentity: Equatable {
    /// The absolute path with symbolic links resolved (the given path if that fails).
    var canonicalPath: String
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    var inode: UInt64

    /// One line naming this version, stored inside its decoded copy and compared on reuse.
    func key(cacheVersion: Int) -> String {
        "woodshed decode cache \(cacheVersion); \(size) bytes; modified \(modifiedSeconds).\(nanosecondDigits); "
            + "inode \(inode); \(canonicalPath)"
    }

    private var nanosecondDigits: String {
        let digits = String(modifiedNanoseconds)
        return String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// FNV-1a (64 bits) of the canonical path: names the decoded copy, so that a changed file
    /// replaces its old copy rather than adding another.
    var pathHash: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalPath.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
