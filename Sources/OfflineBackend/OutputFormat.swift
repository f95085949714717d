import CSndFile

/// A sound file format `woodshed render` can write. Any thread.
public enum OutputFormat: String, CaseIterable, Sendable {
    case wav16, wav24, wav32f, flac16, flac24

    /// The format for a file name's extension (`.wav` → 16-bit WAV, `.flac` → 16-bit FLAC).
    public static func forPath(_ path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".wav") { return .wav16 }
        if lower.hasSuffix(".flac") { return .flac16 }
        return nil
    }

    /// Parses `--format`: a case name, or `wav`/`flac` for their 16-bit forms, `wavf` for float.
    public init?(option: String) {
        switch option.lowercased() {
        case "wav": self = .wav16
        case "flac": self = .flac16
        case "wavf", "wav32", "float": self = .wav32f
        default:
            guard let f = OutputFormat(rawValue: option.lowercased()) else { return nil }
            self = f
        }
    }

    var sndfileFormat: Int32 {
        switch self {
        case .wav16: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .wav24: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
        case .wav32f: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        case .flac16: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .flac24: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        }
    }
}
