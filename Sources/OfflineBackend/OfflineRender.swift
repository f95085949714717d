import CRealtimeSanitizer
import RenderGraph
import Synchronization

/// Runs the render graph faster than real time into a sound file: the same `Renderer` the
/// live client uses, called in a loop. Control thread.
public enum OfflineRender {
    /// Frames per `process` call: big enough to be fast, small enough to stay in cache.
    public static let blockFrames = 16_384

    /// Set from a signal handler to stop a render; the partial file is removed.
    public static let interruptRequested = Atomic<Bool>(false)

    /// Renders `frames` frames of `renderer` (sent `.start` first) into `path`.
    /// `progress(done, total)` is called every 64 blocks (the caller throttles its display).
    /// Returns how the file was written ("wav16", or "wav16 as RF64" over 4 GiB).
    @discardableResult
    public static func run(renderer: Renderer, frames total: Int64, to path: String,
                           format: OutputFormat, rate: Int,
                           progress: ((Int64, Int64) -> Void)? = nil) throws(RenderError) -> String {
        let writer = try SoundFileWriter(path: path, format: format, rate: rate, frames: total)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames)
        defer { buffer.deallocate() }
        _ = renderer.commands.tryPush(.start)
        woodshed_realtime_init()
        var done: Int64 = 0
        var blocks = 0
        while done < total {
            if interruptRequested.load(ordering: .relaxed) {
                writer.abandon()
                throw .interrupted
            }
            let n = Int(min(Int64(blockFrames), total - done))
            woodshed_realtime_enter()
            renderer.process(frames: n, click: buffer)
            woodshed_realtime_exit()
            try writer.write(buffer, frames: n)
            done += Int64(n)
            blocks += 1
            if let progress, blocks & 63 == 0 { progress(done, total) }
        }
        try writer.commit()
        progress?(total, total)
        return writer.formatDescription
    }
}
