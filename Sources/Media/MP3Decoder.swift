import CMpg123
import Foundation

/// Worker threads (one at a time; never the JACK thread). An MP3 read with libmpg123, in
/// place, gapless, as 32-bit floats, exactly: the frames at any position are those a decode of
/// the whole file from its start gives (the `mpg123` program's, `mpg123 -e f32 -w`), however
/// the position was reached. Nothing is decoded at open; the length comes from the Xing/Info
/// header when it can be trusted (see `open`).
///
/// How a seek is exact. An MP3 frame cannot be decoded alone: its data may start in the frames
/// before it (the bit reservoir, up to 511 bytes: 10 frames of MPEG 1 at 32 kbit/s, 20 of
/// MPEG 2 at 8 kbit/s) and the filter banks carry state from one frame to the next. So a seek
/// decodes `minimumPreframes` or more frames before the wanted one and throws their output
/// away (libmpg123's `MPG123_PREFRAMES`). That alone is not enough: libmpg123's synthesis
/// filter keeps a ring position (`bo`, 16 places) that it does not reset when seeking, so its
/// float sums are taken in another order than in a decode from the start, and mono files come
/// out different by a rounding step at half of all seeks (measured: 102 of 200). So a seek
/// reopens the stream (every piece of state as at the start; the frame index is handed back)
/// and starts decoding on a frame whose number is a multiple of `phase` — after as many
/// frames as from the start, the ring is where a decode from the start would have it.
final class MP3Decoder: FrameDecoder {
    /// Frames decoded (and dropped) before a seek's target frame, at least.
    static let minimumPreframes = 24
    /// Seconds: a jump further than this before the frame index is built walks the frame
    /// headers first (`MP3FrameWalk`).
    static let walkBeyond: Int64 = 60

    let channels: Int
    let rate: Int
    /// The length in frames, exact (see `open`).
    let frames: Int64
    /// Things the user should know about the file (one line each, naming it).
    private(set) var warnings: [String] = []

    private let path: String
    private let handle: MP3Handle
    /// Where the stream starts and how long the file is, for `MP3FrameWalk`.
    private let head: MP3StreamHead
    private let fileSize: Int64
    /// Decoding after a seek starts on a frame number that is a multiple of this: 16 divided
    /// by how far the synthesis ring turns per frame (a turn per 32 samples), 4 for MPEG 1
    /// Layer III (1152 samples), 8 for MPEG 2 and 2.5 (576).
    private let phase: Int64
    /// The frame index given to the handle after each reopen: the background scan's when
    /// ready, else what the handle had found by itself.
    private var index: MP3FrameIndex.Table
    private var background: MP3FrameIndex?
    /// Why decoding stopped before the end, in the library's words (see `StreamDamage`).
    var failure: String? { damage.reason }
    private var damage = StreamDamage()
    /// The frame the next read starts at.
    private var position: Int64 = 0

    /// The MP3 open at `descriptor` (whose stream starts as `head` says), ready at frame 0.
    ///
    /// Its length is `mpg123_length` when the Xing/Info header gives a frame count and its
    /// byte count matches the file: exact then, with the encoder's delay and padding taken
    /// off. Otherwise (no such header; or a file cut short, or with something appended, whose
    /// header does not match it) the file's frames are indexed now (`MP3FrameIndex.scan`) and
    /// the last ones decoded to count the frames; a header that does not match is a warning.
    static func open(path: String, descriptor: Int32, head: MP3StreamHead,
                     fileSize: Int64) throws(AudioFileError) -> MP3Decoder {
        let handle: MP3Handle
        let format: (rate: Int, channels: Int)
        do {
            handle = try MP3Handle(reopening: descriptor)
            format = try handle.open()
        } catch {
            throw .damaged(path: path, reason: error.reason)
        }
        guard format.rate > 0, format.channels > 0 else {
            throw .damaged(path: path, reason: "no channels or no sample rate")
        }
        let trailingTag = MP3StreamHead.hasTrailingTag(descriptor: descriptor, fileSize: fileSize)
        let mismatch = head.sizeDisagrees(fileSize: fileSize, hasTrailingTag: trailingTag)
        var warnings: [String] = []
        if mismatch, let bytes = head.bytes {
            warnings.append("\(path): its Xing header gives the audio as \(bytes) bytes, but the file holds "
                + "\(fileSize - head.start) from the first frame on (cut short, or something appended?); "
                + "its length was counted from the frames instead")
        }
        var index = MP3FrameIndex.Table(offsets: [], step: 1)
        let frames: Int64
        if head.frames != nil && !mismatch {
            frames = Int64(mpg123_length(handle.handle))
        } else {
            index = MP3FrameIndex.scan(descriptor: descriptor) ?? index
            frames = countFrames(handle, index: index)
            guard handle.reopen() else { throw .damaged(path: path, reason: handle.message) }
        }
        if frames == 0 { throw .noFrames(path: path) }
        guard frames > 0 else { throw .damaged(path: path, reason: handle.message) }
        let perFrame = head.header.samplesPerFrame / 32
        var common = 16, other = perFrame
        while other != 0 { (common, other) = (other, common % other) }
        return MP3Decoder(path: path, handle: handle, rate: format.rate, channels: format.channels, frames: frames,
                          phase: Int64(16 / common), index: index, head: head, fileSize: fileSize, warnings: warnings)
    }

    private init(path: String, handle: MP3Handle, rate: Int, channels: Int, frames: Int64, phase: Int64,
                 index: MP3FrameIndex.Table, head: MP3StreamHead, fileSize: Int64, warnings: [String]) {
        self.path = path
        self.head = head
        self.fileSize = fileSize
        self.handle = handle
        self.rate = rate
        self.channels = channels
        self.frames = frames
        self.phase = phase
        self.index = index
        self.warnings = warnings
        handle.setIndex(index)
    }

    /// The frames a decode from the start gives, counted by decoding only the last MPEG frames
    /// (with `index`, the file's frames found by a scan); negative when the stream cannot be read.
    private static func countFrames(_ handle: MP3Handle, index: MP3FrameIndex.Table) -> Int64 {
        handle.setIndex(index)
        guard mpg123_seek_frame(handle.handle, off_t(max(0, index.frames - 2)), SEEK_SET) >= 0 else { return -1 }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { scratch.deallocate() }
        var done = 0
        var result = MPG123_OK.rawValue
        repeat {
            result = mpg123_read(handle.handle, scratch, 1 << 16, &done)
        } while result == MPG123_OK.rawValue || result == MPG123_NEW_FORMAT.rawValue
        return result == MPG123_DONE.rawValue ? Int64(mpg123_tell(handle.handle)) : -1
    }

    /// Whether the background scan of the frame index has been started (or the index was built
    /// at opening).
    var indexingStarted: Bool { background != nil || index.frames > 0 }

    /// Starts indexing the file's frames on a thread of its own (see `MP3FrameIndex`).
    func startIndexing() {
        if background == nil && index.frames == 0 { background = MP3FrameIndex.start(descriptor: handle.descriptor) }
    }

    /// Moves to `frame` exactly (see the type's comment): three libmpg123 calls to find the
    /// MPEG frame that holds it, a reopen, and a seek that decodes from the right frame before it.
    func seek(to frame: Int64) -> Bool {
        if let ready = background?.table {
            index = ready
            background = nil
        }
        if damage.blocks(frame) { return false }
        // A jump far in before the background index is ready (a resume point, just opened):
        // libmpg123 would read every frame header up to it; a walk of the headers is faster.
        // It walks a little past the target only; the background scan's index replaces it when ready.
        let perFrame = Int64(head.header.samplesPerFrame)
        if index.frames == 0, frame > Self.walkBeyond * Int64(rate),
           let walked = MP3FrameWalk.table(descriptor: handle.descriptor, head: head, fileSize: fileSize,
                                           upTo: frame / perFrame + 64) {
            index = walked
            handle.setIndex(index)
        }
        guard mpg123_seek(handle.handle, off_t(frame), SEEK_SET) == frame else { return false }
        let target = Int64(mpg123_tellframe(handle.handle))
        let lead = Self.minimumPreframes
        let preframes = lead + Int(((target - Int64(lead)) % phase + phase) % phase)
        if index.frames == 0 { index = handle.index() }
        guard handle.reopen() else { return false }
        handle.setIndex(index)
        handle.set(MPG123_PREFRAMES, preframes)
        guard mpg123_seek(handle.handle, off_t(frame), SEEK_SET) == frame else { return false }
        position = frame
        return true
    }

    /// Reads up to `frames` interleaved float frames; fewer at the end of the stream or where
    /// it cannot be decoded (`failure` then holds libmpg123's message, and the stream ends there).
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let frameBytes = channels * MemoryLayout<Float>.size
        let allowed = damage.allowed(frames, from: position)
        let wanted = Int(allowed) * frameBytes
        var filled = 0
        while filled < wanted {
            var done = 0
            let result = mpg123_read(handle.handle, UnsafeMutableRawPointer(buffer) + filled, wanted - filled, &done)
            filled += done
            if result == MPG123_OK.rawValue { continue }
            if result == MPG123_NEW_FORMAT.rawValue {
                var rate = 0, channels: Int32 = 0, encoding: Int32 = 0
                mpg123_getformat(handle.handle, &rate, &channels, &encoding)
                if rate == self.rate && Int(channels) == self.channels { continue }
                damage.stop(at: position + Int64(filled / frameBytes),
                     because: "a frame of another format (\(rate) Hz, \(channels) channels) in the stream")
            } else if result != MPG123_DONE.rawValue {
                damage.stop(at: position + Int64(filled / frameBytes), because: handle.message)
            }
            break
        }
        let got = filled / frameBytes
        position += Int64(got)
        return got
    }
}
