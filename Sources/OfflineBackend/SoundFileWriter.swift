import CSndFile
#if canImport(Glibc)
import Glibc
#endif

/// Writes float frames (mono, or interleaved channels) to a sound file through libsndfile, under a temporary name that
/// becomes the requested name only when `commit` succeeds: an interrupted render never leaves
/// a broken file under the requested name. Control thread (the offline render loop).
public final class SoundFileWriter {
    public let path: String
    public let temporaryPath: String
    private var file: OpaquePointer?
    /// Integer formats: samples are clamped to ±1 here (faster than libsndfile's clipping mode).
    private let clamps: Bool
    private let channels: Int

    public init(path: String, format: OutputFormat, rate: Int, channels: Int = 1) throws(RenderError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        temporaryPath = (dir.hasSuffix("/") ? dir : dir + "/") + ".\(base).partial-\(getpid())"
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = format.sndfileFormat
        guard sf_format_check(&info) != 0 else { throw .unsupported("\(format.rawValue) at \(rate) Hz") }
        guard let f = sf_open(temporaryPath, Int32(SFM_WRITE), &info) else {
            let why = String(cString: sf_strerror(nil))
            throw .cannotWrite(path: path, reason: Self.explain(why, dir: dir))
        }
        file = f
        clamps = format != .wav32f
        self.channels = channels
        sf_set_string(f, Int32(SF_STR_SOFTWARE), "woodshed")
    }

    deinit { abandon() }

    /// Appends `frames` frames (`frames × channels` interleaved samples).
    public func write(_ samples: UnsafeMutablePointer<Float>, frames: Int) throws(RenderError) {
        guard let f = file else { return }
        if clamps {
            for i in 0..<frames * channels { samples[i] = min(max(samples[i], -1), 1) }
        }
        let n = sf_writef_float(f, samples, sf_count_t(frames))
        if n != sf_count_t(frames) {
            throw .cannotWrite(path: path, reason: String(cString: sf_strerror(f)))
        }
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
        guard rename(temporaryPath, path) == 0 else {
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

    private static func explain(_ sndfileMessage: String, dir: String) -> String {
        var st = stat()
        if stat(dir, &st) != 0 { return "folder '\(dir)' does not exist" }
        if access(dir, W_OK) != 0 { return "folder '\(dir)' is not writable" }
        return sndfileMessage
    }
}
