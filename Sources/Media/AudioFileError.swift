/// Any thread (a value). Why an audio file cannot be played.
///
/// Every description is one line that starts with the path: "PATH: reason".
public enum AudioFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened: missing, unreadable, a directory, not a regular file.
    /// `reason` is the system's ("No such file or directory").
    case cannotOpen(path: String, reason: String)
    /// The file has 0 bytes.
    case empty(path: String)
    /// The file holds text, not sound.
    case notAudio(path: String)
    /// A format libsndfile does not read (random bytes, a MIDI file); `reason` says which.
    case unsupported(path: String, reason: String)
    /// libsndfile recognised the format but could not read the file; `reason` is its message.
    case damaged(path: String, reason: String)
    /// The file ends before its audio does: the header promises `expectedFrames` frames (nil:
    /// the length cannot be found, as in an Ogg file without its last page).
    case truncated(path: String, expectedFrames: Int64?)
    /// A well-formed file with 0 frames of audio.
    case noFrames(path: String)
    /// Decoding stopped with an error part-way; `reason` is libsndfile's message.
    case decodeFailed(path: String, reason: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .empty(let path), .notAudio(let path), .unsupported(let path, _),
             .damaged(let path, _), .truncated(let path, _), .noFrames(let path), .decodeFailed(let path, _):
            path
        }
    }

    public var description: String {
        "\(path): " + reason
    }

    private var reason: String {
        switch self {
        case .cannotOpen(_, let reason): "cannot open: \(reason)"
        case .empty: "the file is empty (0 bytes)"
        case .notAudio: "not an audio file (it holds text)"
        case .unsupported(_, let reason): "unsupported format (\(reason))"
        case .damaged(_, let reason): "damaged audio file (\(reason))"
        case .truncated(_, let expected?):
            "the file is cut short (its header promises \(expected) frames; the audio ends before that)"
        case .truncated(_, nil): "the file is cut short (its end is missing, so its length is unknown)"
        case .noFrames: "holds no audio (0 frames)"
        case .decodeFailed(_, let reason): "decoding failed (\(reason))"
        }
    }
}
