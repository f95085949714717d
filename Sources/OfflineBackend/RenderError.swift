/// Why an offline render failed. Any thread.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case unsupported(String)
    case interrupted

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        case .unsupported(let what): "libsndfile cannot write \(what)"
        case .interrupted: "interrupted; nothing was written"
        }
    }
}
