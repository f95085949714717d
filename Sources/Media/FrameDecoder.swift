/// Worker threads (one at a time; never the JACK thread). What `AudioSource` reads a file
/// through: the decoder made for its format, at any frame, exactly. libsndfile (`SoundFile`,
/// `LinearSeekingFile`) reads WAV, FLAC, AIFF and the like; libmpg123 (`MP3Decoder`) MP3;
/// libvorbisfile (`VorbisDecoder`) Ogg Vorbis; libopusfile (`OpusDecoder`) Opus; FFmpeg
/// (`FFmpegDecoder`) AAC in M4A/MP4.
///
/// Contract: after `seek(to: f)`, `read` returns the frames from `f` on exactly as a decode of
/// the whole file from its start gives them, however the position was reached. (Opus: from
/// the same position, each sample within 1e-6: its float decoder's state after a seek is not
/// bit for bit a linear decode's, see `OpusDecoder`.)
protocol FrameDecoder: AnyObject {
    /// Channels in what `read` returns.
    var channels: Int { get }
    /// Moves to `frame`; false when the decoder cannot.
    func seek(to frame: Int64) -> Bool
    /// Reads up to `frames` interleaved frames into `buffer` (room for `frames * channels`
    /// samples); the number read, less than asked only at the end or on an error.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int
    /// Why decoding stopped early, in the library's words; nil when it did not.
    var failure: String? { get }
}

extension SoundFile: FrameDecoder {
    var failure: String? { hasError ? errorMessage : nil }
}
