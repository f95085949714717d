import CVorbisFile
import Foundation

/// Worker threads (one at a time; never the JACK thread). An Ogg Vorbis file read with
/// libvorbisfile, in place, as 32-bit floats, exactly: `ov_pcm_seek` lands on the frame asked
/// for and decodes from there the samples a decode of the whole file from its start gives
/// (tested against `oggdec`). Opening reads the headers and the last page (for the length);
/// nothing is decoded.
final class VorbisDecoder: FrameDecoder {
    let channels: Int
    let rate: Int
    /// The length in frames (`ov_pcm_total`).
    let frames: Int64
    /// Why decoding stopped before the end, in the library's words (see `StreamDamage`).
    var failure: String? { damage.reason }

    private let file: UnsafeMutablePointer<OggVorbis_File>
    /// The frame the next read starts at.
    private var position: Int64 = 0
    private var damage = StreamDamage()

    /// The Ogg Vorbis file open at `descriptor`, ready at frame 0 (libvorbisfile reads a
    /// duplicate of the descriptor, which it closes).
    static func open(path: String, descriptor: Int32) throws(AudioFileError) -> VorbisDecoder {
        let own = dup(descriptor)
        guard own >= 0 else { throw .cannotOpen(path: path, reason: SystemMessage.errno(errno)) }
        guard woodshed_vorbisfile_available() != 0 else {
            close(own)
            throw .unsupported(path: path, reason: "Ogg Vorbis needs libvorbisfile (libvorbisfile.so.3, Debian package libvorbisfile3), which could not be loaded")
        }
        guard lseek(own, 0, SEEK_SET) == 0, let stream = fdopen(own, "rb") else {
            let reason = SystemMessage.errno(errno)
            close(own)
            throw .cannotOpen(path: path, reason: reason)
        }
        let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        let code = ov_open(stream, file, nil, 0)
        guard code == 0 else {
            fclose(stream)  // not closed by a failed ov_open
            file.deallocate()
            throw .damaged(path: path, reason: reason(code))
        }
        guard let info = ov_info(file, -1)?.pointee, info.channels > 0, info.rate > 0 else {
            ov_clear(file)
            file.deallocate()
            throw .damaged(path: path, reason: "no channels or no sample rate")
        }
        let frames = Int64(ov_pcm_total(file, -1))
        guard frames > 0 else {
            ov_clear(file)
            file.deallocate()
            if frames == 0 { throw .noFrames(path: path) }
            throw .truncated(path: path, expectedFrames: nil)
        }
        return VorbisDecoder(file: file, channels: Int(info.channels), rate: info.rate, frames: frames)
    }

    private init(file: UnsafeMutablePointer<OggVorbis_File>, channels: Int, rate: Int, frames: Int64) {
        self.file = file
        self.channels = channels
        self.rate = rate
        self.frames = frames
    }

    deinit {
        ov_clear(file)
        file.deallocate()
    }

    func seek(to frame: Int64) -> Bool {
        if damage.blocks(frame) { return false }
        guard ov_pcm_seek(file, ogg_int64_t(frame)) == 0 else { return false }
        position = frame
        return true
    }

    /// Reads up to `frames` interleaved frames; fewer at the end of the stream or where it cannot
    /// be decoded (`failure` then says why, and the stream ends there).
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let allowed = damage.allowed(frames, from: position)
        var filled = 0
        while filled < allowed {
            var planes: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
            var link: Int32 = 0
            let got = Int(ov_read_float(file, &planes, Int32(min(allowed - filled, 4_096)), &link))
            if got == 0 { break }
            guard got > 0, let planes else {
                damage.stop(at: position + Int64(filled), because: Self.reason(Int32(got)))
                break
            }
            guard let info = ov_info(file, link)?.pointee, Int(info.channels) == channels, info.rate == rate else {
                damage.stop(at: position + Int64(filled), because: "a part of the stream with other channels or another rate")
                break
            }
            for channel in 0..<channels {
                let plane = planes[channel]!
                for i in 0..<got { buffer[(filled + i) * channels + channel] = plane[i] }
            }
            filled += got
        }
        position += Int64(filled)
        return filled
    }

    /// libvorbisfile's error code in words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case OV_HOLE: "pages missing or damaged in the middle of the stream"
        case OV_EREAD: "a read from the file failed"
        case OV_EFAULT: "libvorbisfile failed inside (OV_EFAULT)"
        case OV_ENOTVORBIS: "not Vorbis data"
        case OV_EVERSION: "a Vorbis version libvorbisfile does not read"
        case OV_EBADHEADER: "a damaged Vorbis header"
        case OV_EBADLINK: "a damaged or missing part of the stream"
        case OV_ENOSEEK: "the stream cannot be searched"
        default: "libvorbisfile error \(code)"
        }
    }
}
