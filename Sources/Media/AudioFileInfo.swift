/// Any thread (a value). What an audio file holds: its length, rate, channels and format.
public struct AudioFileInfo: Sendable, Equatable {
    /// The path as the caller gave it.
    public var path: String
    /// The length in source frames. From the file's header when probed (for an MP3: the
    /// Xing/Info header's, gapless, or counted from its frames when that header is missing or
    /// does not match the file; for M4A the stream's duration, without the encoder's priming
    /// and padding).
    public var frames: Int64
    /// Frames per second.
    public var rate: Int
    /// Channels in the file (an `AudioSource` always reads two: see `AudioSource.read`).
    public var channels: Int
    public var format: AudioFormat
    /// "WAV", "FLAC", "Ogg Vorbis", "Opus", "MP3", ...: `format.name`.
    public var formatName: String
    /// Whether reads at any frame are exact. True for every file that opens: each format is
    /// read through a decoder that seeks exactly (see `AudioSource`); kept for the callers
    /// that describe a playlist.
    public var seeksExactly: Bool

    public init(path: String, frames: Int64, rate: Int, channels: Int, format: AudioFormat,
                formatName: String, seeksExactly: Bool) {
        self.path = path
        self.frames = frames
        self.rate = rate
        self.channels = channels
        self.format = format
        self.formatName = formatName
        self.seeksExactly = seeksExactly
    }

    /// The length in seconds, for display.
    public var seconds: Double { Double(frames) / Double(rate) }
}
