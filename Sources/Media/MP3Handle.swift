import CMpg123
import Foundation

/// The thread that made it (one at a time). One libmpg123 decoder over a file descriptor of its
/// own (the file opened again, so that its read position is its own: a scan on another thread
/// must not move it), which it closes; set up the same way for reading and for indexing.
///
/// Settings: gapless (the encoder's delay and padding, from the LAME/Xing header, are cut, as
/// the `mpg123` program does), 32-bit float output at the file's own rate and channels (no
/// resampling), ID3v2 tags skipped unread, a frame index of `indexSize` entries, and quiet:
/// libmpg123 prints nothing; its errors are read with `message` and reported by Woodshed.
final class MP3Handle {
    let handle: OpaquePointer
    /// The descriptor libmpg123 reads (kept open across `reopen`).
    let descriptor: Int32

    /// Entries in libmpg123's frame index; it spaces them wider as the file grows (every 64th
    /// frame of a 2-hour file), so a seek reads at most that many frame headers forward.
    static let indexSize = 8_192

    /// The flags every handle gets (see the type's comment).
    static let flags = Int(MPG123_GAPLESS.rawValue | MPG123_FORCE_FLOAT.rawValue | MPG123_QUIET.rawValue
                           | MPG123_SKIP_ID3V2.rawValue)

    /// libmpg123's one-time set-up (a no-op in 1.31, required by older versions).
    private static let initialised: Bool = mpg123_init() == MPG123_OK.rawValue

    /// A handle over the file open at `descriptor`, opened again (through /proc/self/fd); not
    /// yet open for decoding. Throws the system's or libmpg123's reason.
    init(reopening descriptor: Int32) throws(MP3Failure) {
        guard Self.initialised else { throw MP3Failure("libmpg123 cannot start") }
        var code: Int32 = 0
        guard let handle = mpg123_new(nil, &code) else {
            throw MP3Failure(String(cString: mpg123_plain_strerror(code)))
        }
        let duplicate = Foundation.open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC)
        guard duplicate >= 0 else {
            mpg123_delete(handle)
            throw MP3Failure(SystemMessage.errno(errno))
        }
        self.handle = handle
        self.descriptor = duplicate
        guard set(MPG123_FLAGS, Self.flags), set(MPG123_INDEX_SIZE, Self.indexSize),
              mpg123_format_none(handle) == MPG123_OK.rawValue else {
            throw MP3Failure(message)
        }
        var rates: UnsafePointer<Int>?
        var count = 0
        mpg123_rates(&rates, &count)
        for i in 0..<count {
            let channels = Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue)
            guard mpg123_format(handle, rates![i], channels, Int32(MPG123_ENC_FLOAT_32.rawValue)) == MPG123_OK.rawValue else {
                throw MP3Failure(message)
            }
        }
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
        Foundation.close(descriptor)
    }

    /// Sets one of libmpg123's integer parameters; false when it refuses.
    @discardableResult
    func set(_ parameter: mpg123_parms, _ value: Int) -> Bool {
        mpg123_param2(handle, Int32(parameter.rawValue), value, 0) == MPG123_OK.rawValue
    }

    /// Opens the stream from its start and reads its first frame: the rate and channels.
    /// Throws libmpg123's reason.
    @discardableResult
    func open() throws(MP3Failure) -> (rate: Int, channels: Int) {
        guard lseek(descriptor, 0, SEEK_SET) == 0, mpg123_open_fd(handle, descriptor) == MPG123_OK.rawValue else {
            throw MP3Failure(message)
        }
        var rate = 0, channels: Int32 = 0, encoding: Int32 = 0
        guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue else {
            throw MP3Failure(message)
        }
        return (rate, Int(channels))
    }

    /// Closes the stream and opens it again: every piece of decoder state back to what it was
    /// at the start (see `MP3Decoder.seek`), and the frame index emptied.
    func reopen() -> Bool {
        mpg123_close(handle)
        do {
            try open()
            return true
        } catch {
            return false
        }
    }

    /// The frame index as it stands: the byte offset of every `step`-th frame.
    func index() -> MP3FrameIndex.Table {
        var offsets: UnsafeMutablePointer<off_t>?
        var step: off_t = 0
        var fill = 0
        guard mpg123_index(handle, &offsets, &step, &fill) == MPG123_OK.rawValue, let offsets, fill > 0, step > 0 else {
            return MP3FrameIndex.Table(offsets: [], step: 1)
        }
        return MP3FrameIndex.Table(offsets: Array(UnsafeBufferPointer(start: offsets, count: fill)), step: step)
    }

    /// Gives the handle a frame index (from `index()` of this or another handle of the file);
    /// libmpg123 copies it.
    func setIndex(_ table: MP3FrameIndex.Table) {
        guard !table.offsets.isEmpty else { return }
        table.offsets.withUnsafeBufferPointer {
            _ = mpg123_set_index(handle, UnsafeMutablePointer(mutating: $0.baseAddress), table.step, $0.count)
        }
    }

    /// libmpg123's message about the last error on this handle, on one line.
    var message: String {
        SystemMessage.oneLine(String(cString: mpg123_strerror(handle)))
    }
}

/// Any thread (a value). Why libmpg123 could not do something: its message.
struct MP3Failure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
