import CSndFile
import Foundation

/// Any thread. Messages from the system and from libsndfile, made into one line.
public enum SystemMessage {
    /// The system's text for an `errno` value: "No such file or directory".
    static func errno(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// libsndfile's current message for `file` (for the last failed open when nil), on one line.
    public static func sndfile(_ file: OpaquePointer?) -> String {
        oneLine(String(cString: sf_strerror(file)))
    }

    /// A C library's message on one line, without a final full stop.
    public static func oneLine(_ message: String) -> String {
        var text = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }
}
