import CSndFile
import Persistence
#if canImport(Glibc)
import Glibc
#endif

/// Writes float frames (mono, or interleaved channels) to a sound file through libsndfile, under a temporary name that
/// becomes the requested name only when `commit` succeeds: an interrupted render never leaves
/// a broken file under the requested name (see `PartialFile`; the ones killed renders left in
/// the folder are removed first, see `StaleTemporaryFiles`). Control thread (the offline render loop).
public final class SoundFileWriter {
    public let path: String
    /// The file replaced at `commit`: `path`, or the file its symbolic link leads to (`OutputTarget`).
    public let target: String
    public let temporaryPath: String
    private var file: OpaquePointer?
    /// Integer formats: the integer full scale, 2^(bits − 1). Samples are scaled by it and
    /// clamped to −fullScale...fullScale − 1 here, and libsndfile, its float scaling turned off,
    /// only rounds: libsndfile reads a 16-bit sample k as k/32768 but would write a float x as
    /// x·32767, so a 16-bit source rendered at 1.0× came back 1 LSB off for about half its
    /// values. Scaled here, k/32768 is written back as k (and 24-bit the same with 2^23); 16-bit
    /// is rounded here too (`sixteenBit`). Nil for float files, written as they are.
    private let fullScale: Float?
    /// 16-bit formats: the block as the integers libsndfile would make of it (see `write`),
    /// handed over with `sf_writef_short`; grown on the first block (control thread).
    private var shorts = UnsafeMutableBufferPointer<Int16>(start: nil, count: 0)
    private let channels: Int
    /// True when the file is RF64: a WAV render of `frames` over 4 GiB (its 32-bit sizes would
    /// overflow). A smaller WAV is a plain RIFF WAV.
    public let isRF64: Bool
    /// For a plain WAV: the most frames it can hold; writing more is refused, not wrapped.
    private let wavFrameLimit: Int64
    private var written: Int64 = 0
    private let format: OutputFormat

    /// The format for a "wrote" line: "wav32f", or "wav32f as RF64" when it is one.
    public var formatDescription: String { format.rawValue + (isRF64 ? " as RF64" : "") }

    /// Opens `path` (under its temporary name) for `frames` frames — the render's length, which
    /// picks RF64 for a WAV over 4 GiB (`wavDataLimit` bytes; smaller in tests). `quality`
    /// (0–10, lossy formats only): the encoder's quality; nil leaves libsndfile's default.
    /// Refused before anything is written where no regular file may be (a device, a FIFO, a
    /// socket, a folder, a missing folder); a symbolic link is written through (`OutputTarget`).
    public init(path: String, format: OutputFormat, rate: Int, channels: Int = 1, frames: Int64, quality: Int? = nil,
                wavDataLimit: Int64 = OutputFormat.wavDataLimit) throws(RenderError) {
        self.path = path
        self.format = format
        do throws(FileProblem) {
            target = try OutputTarget.resolve(path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        let dir = PartialFile.folderAndName(target).folder
        temporaryPath = PartialFile.path(for: target)
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        isRF64 = format.needsRF64(frames: frames, channels: channels, limit: wavDataLimit)
        wavFrameLimit = format.isWAV && !isRF64 ? wavDataLimit / (Int64(channels) * format.wavBytesPerSample) : .max
        info.format = isRF64 ? format.rf64Format : format.sndfileFormat
        guard sf_format_check(&info) != 0, format.requiredRate.map({ $0 == rate }) ?? true else {
            throw .unsupported("\(format.rawValue) at \(rate) Hz")
        }
        if format.isWAV {
            // A WAV's size is known: refuse at once rather than fill the disk and fail hours in.
            let needed = frames * Int64(channels) * format.wavBytesPerSample + 4_096
            var fs = statvfs()
            if statvfs(dir, &fs) == 0 {
                let free = Int64(fs.f_bavail) * Int64(fs.f_frsize)
                if needed > free {
                    throw .cannotWrite(path: path, reason: "it needs \(Self.size(needed)), but only \(Self.size(free)) are free there")
                }
            }
        }
        StaleTemporaryFiles.removeStale(in: dir, includingOwn: true)
        guard let f = sf_open(temporaryPath, Int32(SFM_WRITE), &info) else {
            let why = String(cString: sf_strerror(nil))
            throw .cannotWrite(path: path, reason: Self.explain(why, dir: dir))
        }
        file = f
        fullScale = format.integerFullScale
        if fullScale != nil { sf_command(f, Int32(SFC_SET_NORM_FLOAT), nil, Int32(SF_FALSE)) }
        if let quality, format.isLossy {
            // Before the first frame: the encoder is set up by then.
            var level = OutputFormat.compressionLevel(quality: quality)
            sf_command(f, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
        }
        self.channels = channels
        sf_set_string(f, Int32(SF_STR_SOFTWARE), "woodshed")
    }

    deinit {
        abandon()
        shorts.deallocate()
    }

    /// Appends `frames` frames (`frames × channels` interleaved samples).
    public func write(_ samples: UnsafeMutablePointer<Float>, frames: Int) throws(RenderError) {
        guard let f = file else { return }
        guard written + Int64(frames) <= wavFrameLimit else {
            throw .cannotWrite(path: path, reason: "more than a WAV file holds (4 GiB); render it as FLAC")
        }
        written += Int64(frames)
        let n: sf_count_t
        if fullScale == 32_768 {
            n = sf_writef_short(f, Self.sixteenBit(samples, count: frames * channels, into: shortBuffer(frames * channels)),
                                sf_count_t(frames))
        } else {
            if let scale = fullScale {
                let top = scale - 1
                for i in 0..<frames * channels { samples[i] = min(max(samples[i] * scale, -scale), top) }
            }
            n = sf_writef_float(f, samples, sf_count_t(frames))
        }
        if n != sf_count_t(frames) {
            throw .cannotWrite(path: path, reason: Self.plainWords(String(cString: sf_strerror(f))))
        }
    }

    /// `count` samples as 16-bit integers, the same ones libsndfile's float path writes: x·32768
    /// clamped to −32768…32767, rounded to the nearest integer (ties to even, as its `lrintf`),
    /// NaN as 0. The rounding adds 1.5·2^23, whose float has a step of 1, and reads the integer
    /// off the sum's low bits — no conversion call per sample, so the loop is vectorised.
    /// Returns `out`'s start.
    static func sixteenBit(_ samples: UnsafeMutablePointer<Float>, count: Int,
                           into out: UnsafeMutablePointer<Int16>) -> UnsafeMutablePointer<Int16> {
        let magic: Float = 12_582_912  // 1.5·2^23: its bit pattern is 0x4B40_0000
        var i = 0
        while i < count {
            let x = samples[i] * 32_768
            let clamped = x.isNaN ? 0 : min(max(x, -32_768), 32_767)
            out[i] = Int16(truncatingIfNeeded: Int32(bitPattern: (clamped + magic).bitPattern) &- 0x4B40_0000)
            i += 1
        }
        return out
    }

    /// The 16-bit buffer, at least `count` samples long.
    private func shortBuffer(_ count: Int) -> UnsafeMutablePointer<Int16> {
        if shorts.count < count {
            shorts.deallocate()
            shorts = .allocate(capacity: count)
        }
        return shorts.baseAddress!
    }

    /// Closes, flushes to disk and renames into place.
    public func commit() throws(RenderError) {
        guard let f = file else { return }
        file = nil
        sf_write_sync(f)
        guard sf_close(f) == 0 else {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: "closing failed")
        }
        let fd = open(temporaryPath, O_RDONLY)
        if fd >= 0 { fsync(fd); close(fd) }
        guard rename(temporaryPath, target) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: why)
        }
    }

    /// Removes the temporary file; the requested name is left untouched.
    public func abandon() {
        if let f = file {
            sf_close(f)
            file = nil
            unlink(temporaryPath)
        }
    }

    /// "3.1 TB", "75.2 GB", "512.0 MB": decimal units, as `df -H` and file managers show them.
    static func size(_ bytes: Int64) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes), unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        let tenths = Int((value * 10).rounded())
        return unit == 0 ? "\(bytes) bytes" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    private static func explain(_ sndfileMessage: String, dir: String) -> String {
        var st = stat()
        if stat(dir, &st) != 0 {
            return errno == ENOTDIR ? "a part of '\(dir)' is a file, not a folder" : "folder '\(dir)' does not exist"
        }
        if (st.st_mode & S_IFMT) != S_IFDIR { return "'\(dir)' is a file, not a folder" }
        if access(dir, W_OK) != 0 { return "folder '\(dir)' is not writable" }
        return plainWords(sndfileMessage)
    }

    /// libsndfile's "System error : No space left on device." → "No space left on device".
    static func plainWords(_ sndfileMessage: String) -> String {
        var words = sndfileMessage
        if let colon = words.range(of: "System error : ") { words = String(words[colon.upperBound...]) }
        return words.hasSuffix(".") ? String(words.dropLast()) : words
    }
}
