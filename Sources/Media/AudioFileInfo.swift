/// Any thread (a value). What an audio file holds: its length, rate, channels and format.
public struct AudioFileInfo: Sendable, Equatable {
    /// The path as the caller gave it.
    public var path: String
    /// The length in source frames. From the file's header when probed (for an MP3: the
    /// Xing/Info header's, gapless, or counted from its frames when that header is missing or
    /// does not match the file); an open `AudioSource` that decodes into the cache reports the
    /// number of frames the decoder really produced.
    public var frames: Int64
    /// Frames per second.
    public var rate: Int
    /// Channels in the file (an `AudioSource` always reads two: see `AudioSource.read`).
    public var channels: Int
    public var format: AudioFormat
    /// "WAV", "FLAC", "Ogg Vorbis", "Opus", "MP3", ...: `format.name`.
    public var formatName: String
    /// False when the file's decoder cannot seek in it exactly (libsndfile in Ogg Vorbis, Opus and
    /// other codecs with state across frames): an `AudioSource` then reads a decoded copy
    /// instead. True for WAV, FLAC, AIFF (libsndfile) and MP3 (libmpg123, see `MP3Decoder`).
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
