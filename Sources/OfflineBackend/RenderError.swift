/// Why an offline render failed. Any thread.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case unsupported(String)
    case interrupted
    /// The output is a file the render reads (`input` names it as the user gave it).
    case outputIsInput(output: String, input: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        case .unsupported(let what): "libsndfile cannot write \(what)"
        case .interrupted: "interrupted; nothing was written"
        case .outputIsInput(let output, let input): "the output '\(output)' is the input \(input): choose another output file"
        }
    }
}
