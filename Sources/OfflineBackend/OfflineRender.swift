import RenderGraph
import Synchronization

/// Renders an `OutputGraph` faster than real time into a sound file, through the one offline
/// loop (`OfflineLoop`): the same graph the live client calls. Control thread.
public enum OfflineRender {
    /// Frames per `process` call: big enough to be fast, small enough to stay in cache.
    public static let blockFrames = 16_384

    /// Set from a signal handler to stop a render; the partial file is removed.
    public static let interruptRequested = Atomic<Bool>(false)

    /// Which of the graph's channels the file holds.
    public enum Channels: Sendable {
        /// Mono: the click (`render`).
        case click
        /// Mono: the music's left channel (`render --noise`: the noise).
        case musicLeft
        /// Stereo: music left and right, each with the click mixed in (`render --play`).
        case musicWithClick
        /// Three channels: music left, music right, click (`render --play --stems`).
        case stems

        public var count: Int {
            switch self {
            case .click, .musicLeft: 1
            case .musicWithClick: 2
            case .stems: 3
            }
        }
    }

    /// Renders up to `frames` frames of `graph` into `path` as `channels` (a player's program
    /// may end first; the file holds what was rendered; `expected`: its length when known, else
    /// `frames`, for the free-space check and RF64). `progress(done)` is called after each block.
    /// Returns the frames written and how the file was written ("wav16", or "wav16 as RF64"
    /// over 4 GiB). `quality`: a lossy format's `--quality` (0–10), nil for the encoder's default.
    @discardableResult
    public static func run(graph: OutputGraph, frames total: Int64, expected: Int64? = nil, to path: String,
                           format: OutputFormat, quality: Int? = nil, rate: Int, channels: Channels = .click,
                           loop: OfflineLoop = OfflineLoop(), progress: ((Int64) -> Void)? = nil) throws -> (frames: Int64, format: String) {
        let writer = try SoundFileWriter(path: path, format: format, rate: rate, channels: channels.count,
                                         frames: expected ?? total, quality: quality)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: max(loop.blockFrames, 1) * channels.count)
        defer { scratch.deallocate() }
        let frames: Int64
        do {
            frames = try loop.run(graph, frames: total) { b in
                try write(b, channels, to: writer, scratch: scratch)
                progress?(b.start + Int64(b.frames))
            }
        } catch {
            writer.abandon()
            throw error
        }
        try writer.commit()
        return (frames, writer.formatDescription)
    }

    /// One block into the file, interleaved as `channels` asks (24-bit formats are scaled in
    /// place by the writer: the loop's buffers are written afresh each block).
    private static func write(_ b: OfflineLoop.Block, _ channels: Channels, to writer: SoundFileWriter,
                              scratch: UnsafeMutablePointer<Float>) throws(RenderError) {
        let n = b.frames
        switch channels {
        case .click:
            try writer.write(b.click, frames: n)
        case .musicLeft:
            try writer.write(b.left, frames: n)
        case .musicWithClick:
            for i in 0..<n { scratch[2 * i] = b.left[i] + b.click[i]; scratch[2 * i + 1] = b.right[i] + b.click[i] }
            try writer.write(scratch, frames: n)
        case .stems:
            for i in 0..<n { scratch[3 * i] = b.left[i]; scratch[3 * i + 1] = b.right[i]; scratch[3 * i + 2] = b.click[i] }
            try writer.write(scratch, frames: n)
        }
    }
}
