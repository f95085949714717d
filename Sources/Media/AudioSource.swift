import Foundation
import Synchronization

/// Worker threads only (not the JACK thread): one reader of one file, used by one thread at a
/// time. Reading does file I/O; opening reads headers only (and, for an MP3 without a usable
/// Xing header or an Ogg file, the frames or the last page that give its length).
///
/// Each file is read in place through the decoder made for its format (`FrameDecoder`):
/// libsndfile for WAV, FLAC, AIFF and the others it reads; libmpg123 for MP3 and MPEG Layer II
/// (`MP3Decoder`: exact seeks, gapless, its frame index built in the background);
/// libvorbisfile for Ogg Vorbis (`VorbisDecoder`); libopusfile for Opus (`OpusDecoder`); FFmpeg
/// for AAC in M4A/MP4 (`FFmpegDecoder`). Every read is exact: the
/// same frames at any position, however it was reached (Opus: the same position, samples
/// within 1e-6).
public final class AudioSource {
    /// Frames read from the decoder per step; the scratch buffer holds this many.
    static let chunkFrames = 4096

    /// The file's info.
    public let info: AudioFileInfo
    /// The file's info as its header gives it (`AudioFileProbe.info`), the same as `info`: the
    /// practice file's fingerprint uses it, so opening and fingerprinting read the header once.
    public var headerInfo: AudioFileInfo { info }
    /// Things the user should know about the file, found when opening it (one line each,
    /// naming the file): an MP3 whose Xing header does not match the file, an Ogg file cut short.
    public let warnings: [String]
    /// Why reading stopped before the end, in the decoder's words (damage found while
    /// playing: reads give silence from there); nil while all is well. Any thread.
    public var readFailure: String? { failure.withLock { $0?.reason } }
    /// Where reading stopped before the end and why: the first such place met. Any thread: the
    /// player's control thread shows it while the worker reads.
    public var readStop: ReadStop? { failure.withLock { $0 } }
    /// Set by the reading thread at the first read that comes short of the file's end.
    let failure = Mutex<ReadStop?>(nil)

    let decoder: any FrameDecoder
    /// Channels in what the decoder returns.
    let channels: Int
    /// Where the decoder's next read starts; nil when not known (after a failed seek or read).
    var position: Int64?
    /// Set by any thread (`allowIndexing`): a frame index held back at opening may start.
    let indexingAllowed = Atomic<Bool>(false)
    /// Reading thread: an MP3's frame index was held back at opening and has not started yet.
    var indexingPending: Bool
    /// One chunk of frames as read, before they become stereo (mono and more than 2 channels).
    let scratch: UnsafeMutablePointer<Float>

    /// Opens `path` for reading; nothing is decoded. An MP3 starts indexing its frames on a
    /// thread of its own (see `MP3FrameIndex`): now, or with `indexNow: false` only once
    /// `allowIndexing()` has been called (the live player: after its first period is queued, so
    /// that the scan of a long file does not compete with the first sound).
    public static func open(path: String, indexNow: Bool = true) throws(AudioFileError) -> AudioSource {
        let source = try SourceFile.open(path: path)
        let mp3 = source.decoder as? MP3Decoder
        if indexNow { mp3?.startIndexing() }
        return AudioSource(info: source.info, decoder: source.decoder, warnings: source.warnings,
                           indexingPending: !indexNow && mp3 != nil)
    }

    init(info: AudioFileInfo, decoder: any FrameDecoder, warnings: [String], indexingPending: Bool = false) {
        self.info = info
        self.decoder = decoder
        self.channels = decoder.channels
        self.warnings = warnings
        self.position = 0
        self.indexingPending = indexingPending
        scratch = .allocate(capacity: Self.chunkFrames * decoder.channels)
    }

    /// Any thread. Lets a frame index held back at opening (`open(path:indexNow: false)`) start:
    /// the reading thread starts it at its next read. Seeks are exact before it is built too.
    public func allowIndexing() {
        indexingAllowed.store(true, ordering: .releasing)
    }

    deinit { scratch.deallocate() }
}
