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

    /// True for the WAV formats, whose sizes are 32-bit: over 4 GiB they are written as RF64.
    public var isWAV: Bool { self == .wav16 || self == .wav24 || self == .wav32f }

    /// Bytes of one sample in a WAV file of this format.
    var wavBytesPerSample: Int64 {
        switch self {
        case .wav16, .flac16: 2
        case .wav24, .flac24: 3
        case .wav32f: 4
        }
    }

    /// True when `frames` frames of `channels` channels are too many for a plain WAV file: its
    /// RIFF and data sizes are 32-bit, so past 4 GiB (less room for the header) they overflow.
    /// `limit` is that room in bytes (smaller in tests).
    public func needsRF64(frames: Int64, channels: Int, limit: Int64 = OutputFormat.wavDataLimit) -> Bool {
        isWAV && frames > limit / (Int64(max(channels, 1)) * wavBytesPerSample)
    }

    /// The most data bytes a plain WAV holds: 2^32 − 1 less 4 KiB for its header chunks.
    public static let wavDataLimit: Int64 = 0xFFFF_FFFF - 4_096

    /// For the integer formats, 2^(bits − 1): the float 1.0 as libsndfile reads it (a 16-bit
    /// sample k reads as k/32768). Nil for float.
    var integerFullScale: Float? {
        switch self {
        case .wav16, .flac16: 32_768
        case .wav24, .flac24: 8_388_608
        case .wav32f: nil
        }
    }

    /// The same sample format in an RF64 file (EBU Tech 3306: WAV with 64-bit sizes).
    var rf64Format: Int32 { Int32(SF_FORMAT_RF64) | (sndfileFormat & Int32(SF_FORMAT_SUBMASK)) }

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
