import COpusFile
import Foundation

/// Worker threads (one at a time; never the JACK thread). An Opus file read with libopusfile,
/// in place, as 32-bit floats at 48 kHz (the rate every Opus stream decodes at; opusfile applies
/// the header's output gain, as `opusdec` does). Opening reads the headers and the last page
/// (for the length); nothing is decoded.
///
/// How a seek is exact. `op_pcm_seek` lands on the frame asked for, but the decoder's state
/// after it is not what a decode from the start has there: its output differs for up to about
/// 310 ms (libopusfile decodes only 80 ms before the target). So a seek goes `preroll` frames
/// (0.5 s) before the target and decodes forward to it, dropping those frames; from the target
/// on the samples are a decode from the start's (tested against `opusdec --float`).
final class OpusDecoder: FrameDecoder {
    /// The rate of every decoded Opus stream.
    static let rate = 48_000
    /// Frames decoded and dropped before a seek's target: 0.5 s.
    static let preroll: Int64 = 24_000

    let channels: Int
    /// The length in frames at 48 kHz (`op_pcm_total`).
    let frames: Int64
    /// Why decoding stopped before the end, in the library's words (see `StreamDamage`).
    var failure: String? { damage.reason }

    private let file: OpaquePointer
    /// Frames dropped while decoding up to a seek's target land here.
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchFrames = 5_760  // the longest Opus packet, 120 ms
    /// The frame the next read starts at.
    private var position: Int64 = 0
    private var damage = StreamDamage()

    /// The Opus file open at `descriptor`, ready at frame 0 (libopusfile reads a duplicate of
    /// the descriptor, which it closes).
    static func open(path: String, descriptor: Int32) throws(AudioFileError) -> OpusDecoder {
        let own = dup(descriptor)
        guard own >= 0 else { throw .cannotOpen(path: path, reason: SystemMessage.errno(errno)) }
        guard woodshed_opusfile_available() != 0 else {
            close(own)
            throw .unsupported(path: path, reason: "Opus needs libopusfile (libopusfile.so.0, Debian package libopusfile0), which could not be loaded")
        }
        guard lseek(own, 0, SEEK_SET) == 0 else {
            let reason = SystemMessage.errno(errno)
            close(own)
            throw .cannotOpen(path: path, reason: reason)
        }
        var code: Int32 = 0
        guard let file = woodshed_op_open_descriptor(own, &code) else {
            guard code != 0 else {  // op_fdopen failed: the descriptor is still ours
                let reason = SystemMessage.errno(errno)
                close(own)
                throw .cannotOpen(path: path, reason: reason)
            }
            throw .damaged(path: path, reason: reason(code))
        }
        let channels = Int(op_channel_count(file, -1))
        let frames = Int64(op_pcm_total(file, -1))
        guard channels > 0 else {
            op_free(file)
            throw .damaged(path: path, reason: "no channels")
        }
        guard frames > 0 else {
            op_free(file)
            if frames == 0 { throw .noFrames(path: path) }
            throw .truncated(path: path, expectedFrames: nil)
        }
        return OpusDecoder(file: file, channels: channels, frames: frames)
    }

    private init(file: OpaquePointer, channels: Int, frames: Int64) {
        self.file = file
        self.channels = channels
        self.frames = frames
        scratch = .allocate(capacity: Self.scratchFrames * channels)
    }

    deinit {
        op_free(file)
        scratch.deallocate()
    }

    /// Moves to `frame` exactly: a seek `preroll` frames before it, then a decode up to it.
    func seek(to frame: Int64) -> Bool {
        if damage.blocks(frame) { return false }
        let start = max(0, frame - Self.preroll)
        guard op_pcm_seek(file, start) == 0 else { return false }
        position = start
        while position < frame {
            let wanted = Int(min(Int64(Self.scratchFrames), frame - position))
            guard read(into: scratch, frames: wanted) == wanted else { return false }
        }
        return true
    }

    /// Reads up to `frames` interleaved frames; fewer at the end of the stream or where it cannot
    /// be decoded (`failure` then says why, and the stream ends there).
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let allowed = damage.allowed(frames, from: position)
        var filled = 0
        while filled < allowed {
            var link: Int32 = 0
            let got = Int(op_read_float(file, buffer + filled * channels, Int32((allowed - filled) * channels), &link))
            if got == 0 { break }
            guard got > 0 else {
                damage.stop(at: position + Int64(filled), because: Self.reason(Int32(got)))
                break
            }
            guard Int(op_channel_count(file, link)) == channels else {
                damage.stop(at: position + Int64(filled), because: "a part of the stream with other channels")
                break
            }
            filled += got
        }
        position += Int64(filled)
        return filled
    }

    /// libopusfile's error code in words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case OP_HOLE: "pages missing or damaged in the middle of the stream"
        case OP_EREAD: "a read from the file failed"
        case OP_EFAULT: "libopusfile failed inside (OP_EFAULT)"
        case OP_ENOTFORMAT: "not Opus data"
        case OP_EVERSION: "an Opus version libopusfile does not read"
        case OP_EBADHEADER: "a damaged Opus header"
        case OP_EBADPACKET: "a damaged Opus packet"
        case OP_EBADLINK: "a damaged or missing part of the stream"
        case OP_EBADTIMESTAMP: "a damaged timestamp in the stream"
        case OP_ENOSEEK: "the stream cannot be searched"
        default: "libopusfile error \(code)"
        }
    }
}
