import CSndFile
import Foundation

/// Worker threads. One open libsndfile handle, closed when the value is dropped (or by
/// `close()`, which reports whether libsndfile finished well).
final class SoundFile {
    /// The handle; nil once closed.
    private(set) var handle: OpaquePointer?
    /// What libsndfile found (reading) or was asked to write.
    let info: SF_INFO

    /// Opens the file under `descriptor` with libsndfile, through a duplicate that libsndfile
    /// owns: the caller keeps `descriptor` and closes it when it likes. (libsndfile 1.2.0 closes
    /// the descriptor of a failed `sf_open_fd` even when told not to; a duplicate makes that
    /// harmless.) On failure `sf_error(nil)` and `sf_strerror(nil)` say why.
    init?(descriptor: Int32, mode: Int32, info requested: SF_INFO = SF_INFO()) {
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else { return nil }
        var info = requested
        guard let handle = sf_open_fd(duplicate, mode, &info, Int32(SF_TRUE)) else { return nil }
        self.handle = handle
        self.info = info
    }

    deinit { _ = close() }

    var frames: Int64 { info.frames }
    var channels: Int { Int(info.channels) }
    var rate: Int { Int(info.samplerate) }

    /// libsndfile's message about this handle, on one line.
    var errorMessage: String { SystemMessage.sndfile(handle) }
    /// Whether libsndfile recorded an error on this handle.
    var hasError: Bool { handle.map { sf_error($0) != 0 } ?? false }

    /// FLAC files are never sought into their last this-many frames: see `seek(to:)`. The
    /// largest block FLAC allows is 65535 frames.
    static let flacSlowTail: Int64 = 65_536

    /// Moves to `frame`; false when libsndfile cannot.
    ///
    /// In FLAC, a frame among the last `flacSlowTail` is reached by seeking before them and
    /// reading forward: libFLAC 1.4.2 takes as long as decoding the whole file to seek into the
    /// last block of some files (0.5 s for a 10-minute one, measured), and decoding up to 65536
    /// frames takes about a millisecond. FLAC decodes every frame the same however it is reached.
    func seek(to frame: Int64) -> Bool {
        let tail = frames - Self.flacSlowTail
        if Int(info.format) & SF_FORMAT_TYPEMASK == SF_FORMAT_FLAC && frame > tail && frame > 0 {
            let start = max(0, tail)
            return plainSeek(to: start) && skip(frame - start) == frame - start
        }
        return plainSeek(to: frame)
    }

    private func plainSeek(to frame: Int64) -> Bool {
        guard let handle else { return false }
        return sf_seek(handle, sf_count_t(frame), SEEK_SET) == frame
    }

    /// Reads and drops up to `count` frames; how many there were.
    private func skip(_ count: Int64) -> Int64 {
        let chunk = 1_024
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: chunk * max(channels, 1)) { buffer in
            var skipped: Int64 = 0
            while skipped < count {
                let got = read(into: buffer.baseAddress!, frames: Int(min(Int64(chunk), count - skipped)))
                if got <= 0 { break }
                skipped += Int64(got)
            }
            return skipped
        }
    }

    /// Reads up to `frames` interleaved frames; the number read (0 at the end or on an error).
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard let handle else { return 0 }
        return Int(sf_readf_float(handle, buffer, sf_count_t(frames)))
    }

    /// Writes `frames` interleaved frames; false unless all were written.
    func write(_ buffer: UnsafeMutablePointer<Float>, frames: Int) -> Bool {
        guard let handle else { return false }
        return sf_writef_float(handle, buffer, sf_count_t(frames)) == frames
    }

    /// False: floats are read and written as the integers stored (for integer formats) rather
    /// than scaled to ±1.
    func setNormalisedFloats(_ normalised: Bool) {
        guard let handle else { return }
        sf_command(handle, Int32(SFC_SET_NORM_FLOAT), nil, Int32(normalised ? SF_TRUE : SF_FALSE))
    }

    /// The file's comment string (a Vorbis comment in FLAC), if any.
    var comment: String? {
        guard let handle, let text = sf_get_string(handle, Int32(SF_STR_COMMENT)) else { return nil }
        return String(cString: text)
    }

    /// Sets the comment; call before writing audio. False if the format cannot store it.
    func setComment(_ text: String) -> Bool {
        guard let handle else { return false }
        return sf_set_string(handle, Int32(SF_STR_COMMENT), text) == 0
    }

    /// Whether the frames up to the end the header gives can all be read (a file cut short
    /// fails here), then back to frame 0. Reads at most `flacSlowTail` frames.
    func endIsReadable() -> Bool {
        guard frames > 0, frames < Int64.max else { return false }
        let start = max(0, frames - Self.flacSlowTail)
        return plainSeek(to: start) && skip(frames - start) == frames - start && plainSeek(to: 0)
    }

    /// Closes libsndfile's handle, flushing what it buffered. True when libsndfile closed
    /// without an error.
    @discardableResult
    func close() -> Bool {
        guard let handle else { return true }
        self.handle = nil
        return sf_close(handle) == 0
    }
}

