import CSndFile

/// A sound file format `woodshed render` can write. Any thread.
public enum OutputFormat: String, CaseIterable, Sendable {
    case wav16, wav24, wav32f, flac16, flac24
    /// Lossy, for taking a practice loop to a phone: MP3 (LAME), Ogg Vorbis and Ogg Opus, as
    /// libsndfile 1.2 writes them. Opus only at 48 kHz.
    case mp3, ogg, opus

    /// The format for a file name's extension (`.wav` → 16-bit WAV, `.flac` → 16-bit FLAC,
    /// `.mp3`, `.ogg`, `.opus`).
    public static func forPath(_ path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".wav") { return .wav16 }
        if lower.hasSuffix(".flac") { return .flac16 }
        if lower.hasSuffix(".mp3") { return .mp3 }
        if lower.hasSuffix(".ogg") || lower.hasSuffix(".oga") { return .ogg }
        if lower.hasSuffix(".opus") { return .opus }
        return nil
    }

    /// True for the lossy formats, whose `--quality` can be chosen.
    public var isLossy: Bool { self == .mp3 || self == .ogg || self == .opus }

    /// The only rate the format is written at, if it has one: 48 kHz for Opus.
    public var requiredRate: Int? { self == .opus ? 48_000 : nil }

    /// `--quality` runs from 0 (smallest file) to 10 (best sound).
    public static let qualityRange = 0...10

    /// libsndfile's compression level for `quality` (0–10): 1 − quality/10 (0 is the best sound).
    static func compressionLevel(quality: Int) -> Double { 1 - Double(quality) / 10 }

    /// Parses `--format`: a case name, or `wav`/`flac` for their 16-bit forms, `wavf` for float,
    /// `vorbis` for `ogg`.
    public init?(option: String) {
        switch option.lowercased() {
        case "wav": self = .wav16
        case "flac": self = .flac16
        case "wavf", "wav32", "float": self = .wav32f
        case "vorbis", "oga": self = .ogg
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
        case .wav32f, .mp3, .ogg, .opus: 4
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
        case .wav32f, .mp3, .ogg, .opus: nil
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
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        }
    }
}
