import Foundation

/// Worker threads only (not the JACK thread): one reader of one file, used by one thread at a
/// time. Reading does file I/O; opening reads headers only, except for Ogg Vorbis and Opus.
///
/// Each file is read through the decoder made for its format (`FrameDecoder`), in place:
/// libsndfile for WAV, FLAC, AIFF and the other formats it seeks in exactly; libmpg123 for MP3
/// (`MP3Decoder`: exact seeks, gapless, its frame index built in the background). Ogg Vorbis,
/// Opus and the rest (ADPCM, MPEG Layer II, ...) are decoded once, sequentially, into a copy in
/// the decode cache (see `DecodeCache`, `CacheFormat`) and read from there, because
/// libsndfile's seeks in them do not land on the same samples a sequential decode gives.
/// Either way every read is exact: the same frames at any position, however it was reached.
public final class AudioSource {
    /// Frames read from the decoder per step; the scratch buffer holds this many.
    static let chunkFrames = 4096

    /// The original file's info. For a decoded file, `frames` is the number decoded.
    public let info: AudioFileInfo
    /// The file's info as its header gives it (`AudioFileProbe.info`): for a decoded file the
    /// header's length, which may differ from the number decoded. The practice file's
    /// fingerprint uses it, so opening and fingerprinting read the header once.
    public let headerInfo: AudioFileInfo
    /// The decoded copy read instead of the file, when `usesDecodeCache`.
    public let cacheFile: URL?
    /// Whether reads come from a decoded copy in the decode cache.
    public var usesDecodeCache: Bool { cacheFile != nil }
    /// Things the user should know about the file, found when opening it (one line each,
    /// naming the file): an MP3 whose Xing header does not match the file, for one.
    public let warnings: [String]
    /// Why reading stopped before the end, in the decoder's words (damage found while
    /// playing: reads give silence from there); nil while all is well.
    public var readFailure: String? { decoder.failure }

    let decoder: any FrameDecoder
    /// Channels in what is read: the file's, or the copy's (at most 2).
    let channels: Int
    /// Multiplies what the decoder returns: 1, or `CacheFormat.unscale` for a decoded copy.
    let gain: Float
    /// Where the decoder's next read starts; nil when not known (after a failed seek or read).
    var position: Int64?
    /// One chunk of frames as read, before they become stereo (mono and more than 2 channels).
    let scratch: UnsafeMutablePointer<Float>

    /// Opens `path` for reading, decoding it into `cacheDirectory` first if it needs a decoded
    /// copy and none is there for this version of the file. `progress` is called on this thread
    /// with fractions from 0 to 1 while decoding (not at all when nothing is decoded). The
    /// cache is then trimmed to `cacheLimit` bytes (see `DecodeCache`). An MP3 starts
    /// indexing its frames on a thread of its own (see `MP3FrameIndex`).
    public static func open(path: String, cacheDirectory: URL, cacheLimit: Int64 = DecodeCache.defaultLimit,
                            progress: ((Double) -> Void)? = nil) throws(AudioFileError) -> AudioSource {
        let source = try SourceFile.open(path: path)
        if source.info.seeksExactly {
            (source.decoder as? MP3Decoder)?.startIndexing()
            return AudioSource(info: source.info, headerInfo: source.info, decoder: source.decoder, gain: 1,
                               cacheFile: nil, warnings: source.warnings)
        }
        let copy = try DecodeCache.copy(of: source, in: cacheDirectory, limit: cacheLimit, progress: progress)
        var info = source.info
        info.frames = copy.file.frames
        return AudioSource(info: info, headerInfo: source.info, decoder: copy.file, gain: CacheFormat.unscale,
                           cacheFile: copy.url, warnings: source.warnings)
    }

    init(info: AudioFileInfo, headerInfo: AudioFileInfo, decoder: any FrameDecoder, gain: Float, cacheFile: URL?,
         warnings: [String]) {
        self.info = info
        self.headerInfo = headerInfo
        self.decoder = decoder
        self.channels = decoder.channels
        self.gain = gain
        self.cacheFile = cacheFile
        self.warnings = warnings
        self.position = 0
        scratch = .allocate(capacity: Self.chunkFrames * decoder.channels)
    }

    deinit { scratch.deallocate() }
}
