import Foundation

/// A file operation that failed, in words: what was being done, where, and why ("can't write
/// /home/me/.local/state/woodshed/last-click.json: No space left on device"). Never Foundation's
/// own text ("The operation could not be completed", "NSCocoaErrorDomain error 512"). Any thread.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done: "can't read", "can't write", "can't create the folder".
    public var action: String
    /// The file or folder.
    public var path: String
    /// Why, as the system says it: "Permission denied", "No space left on device".
    public var reason: String

    public init(_ action: String, _ path: String, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    /// The problem with the `errno` of the call that failed.
    public init(_ action: String, _ path: String, errno code: Int32) {
        self.init(action, path, reason: FileProblem.reason(errno: code))
    }

    public var description: String { "\(action) \(path): \(reason)" }

    /// The problem in a message that already names `file` (`JSONFileError.source`): "can't
    /// write the file: REASON" when it is about that file ("no such file" when it is missing),
    /// else the whole description.
    public func message(namingFile file: String) -> String {
        guard path == file else { return description }
        return reason == FileProblem.reason(errno: ENOENT) ? "no such file" : "\(action) the file: \(reason)"
    }

    /// Why, for a message that already says what was done to `file` ("can't save FILE: …"):
    /// the reason when it is about that file, else the whole description.
    public func reason(forFile file: String) -> String {
        path == file ? reason : description
    }

    /// The system's words for an `errno`: "Permission denied", "No space left on device",
    /// "Is a directory".
    public static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Words for an error Foundation threw while reading or writing a file: the POSIX error
    /// beneath it when there is one, else the error code in words (never "error 512").
    public static func reason(_ error: any Error) -> String {
        if let problem = error as? FileProblem { return problem.reason }
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(posix.code))
        }
        if ns.domain == NSPOSIXErrorDomain { return reason(errno: Int32(ns.code)) }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return reason(errno: ENOENT)
            case .fileReadNoPermission, .fileWriteNoPermission: return reason(errno: EACCES)
            case .fileWriteOutOfSpace: return reason(errno: ENOSPC)
            case .fileWriteVolumeReadOnly: return reason(errno: EROFS)
            case .fileWriteFileExists: return reason(errno: EEXIST)
            case .fileReadTooLarge: return reason(errno: EFBIG)
            case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding: return "the text is not UTF-8"
            default: break
            }
        }
        return "unknown reason (Foundation code \(ns.code))"
    }
}
