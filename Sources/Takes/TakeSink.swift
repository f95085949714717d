import OfflineBackend

/// Where one take's samples go: a 24-bit FLAC file (`FLACTakeSink`), or a stand-in in tests
/// (a disk that fills up). The recorder's worker thread only.
public protocol TakeSink: AnyObject {
    /// Appends `frames` mono samples (the sink may scale them in place).
    func write(_ samples: UnsafeMutablePointer<Float>, frames: Int) throws(RenderError)
    /// Finishes the file and puts it in place.
    func commit() throws(RenderError)
    /// Drops what was written; nothing is left under the take's name.
    func abandon()
}

/// A take as a 24-bit FLAC file through libsndfile (`SoundFileWriter`: written under a
/// temporary name, renamed when complete). The recorder's worker thread only.
public final class FLACTakeSink: TakeSink {
    private let writer: SoundFileWriter

    /// Opens `path` for a mono take at `rate`.
    public init(path: String, rate: Int) throws(RenderError) {
        writer = try SoundFileWriter(path: path, format: .flac24, rate: rate, channels: 1, frames: 0)
    }

    public func write(_ samples: UnsafeMutablePointer<Float>, frames: Int) throws(RenderError) {
        try writer.write(samples, frames: frames)
    }

    public func commit() throws(RenderError) { try writer.commit() }

    public func abandon() { writer.abandon() }
}
