import CRealtimeSanitizer
import RenderGraph
#if WOODSHED_RTSAN
import Glibc
#endif

/// The one offline loop: drives an `OutputGraph` block after block, faster than real time, on
/// the calling thread — `render` (click), `render --noise`, `render --play`, `render --playlist`
/// and `render-cost` all go through it. Each `graph.process` runs inside the RealtimeSanitizer's
/// realtime section in the `make rtcheck` build, as the JACK callback does live; the `pump`
/// before it (the player's worker filling its ring, synchronously, so the output is the same on
/// every run) and the caller's `body` after it are outside. Control thread (the render role
/// between realtime enter and exit).
public struct OfflineLoop {
    /// One block's output, in the loop's buffers (valid until the next block).
    public struct Block {
        public let click: UnsafeMutablePointer<Float>
        /// The music channels (silent when the graph has no music).
        public let left: UnsafeMutablePointer<Float>
        public let right: UnsafeMutablePointer<Float>
        /// Frames of the block that belong to the output (fewer in the block where the
        /// player's program ends).
        public let frames: Int
        /// Output frames before this block.
        public let start: Int64
        /// How long `graph.process` took, in nanoseconds (0 without a `clock`).
        public let renderNanoseconds: UInt64
    }

    /// Frames per `process` call (the player's runs use its ring's block, 256).
    public var blockFrames: Int
    /// Before each block, outside the realtime section: the player's worker fills its ring.
    public var pump: (() -> Void)?
    /// A monotonic clock in nanoseconds, to time each block (`render-cost`); nil: untimed.
    public var clock: (() -> UInt64)?

    public init(blockFrames: Int = OfflineRender.blockFrames, pump: (() -> Void)? = nil, clock: (() -> UInt64)? = nil) {
        self.blockFrames = blockFrames
        self.pump = pump
        self.clock = clock
    }

    /// Renders up to `frames` frames of `graph` (a player's program may end first), calling
    /// `body` with each block. Throws `RenderError.interrupted` when `OfflineRender
    /// .interruptRequested` is set, and whatever `body` throws. Returns the frames rendered.
    @discardableResult
    public func run(_ graph: OutputGraph, frames total: Int64, _ body: (Block) throws -> Void) throws -> Int64 {
        let n = max(blockFrames, 1)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let left = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: n)
        left.initialize(repeating: 0, count: n)
        right.initialize(repeating: 0, count: n)
        defer { click.deallocate(); left.deallocate(); right.deallocate() }
        let music = graph.hasMusic
        let deck = graph.deck
        let pump = self.pump, clock = self.clock
        woodshed_realtime_init()
        #if WOODSHED_RTSAN
        let allocateInRender = getenv("WOODSHED_RTCHECK_ALLOCATE") != nil
        #endif
        var done: Int64 = 0
        while done < total {
            if OfflineRender.interruptRequested.load(ordering: .relaxed) { throw RenderError.interrupted }
            if let pump { pump() }
            let frames = Int(min(Int64(n), total - done))
            let playhead = deck?[.playhead] ?? 0
            let t0 = clock?() ?? 0
            woodshed_realtime_enter()
            graph.process(frames: frames, click: click, left: music ? left : nil, right: music ? right : nil, timing: .free(skipped: 0))
            #if WOODSHED_RTSAN
            if allocateInRender { Self.negativeControl() }
            #endif
            woodshed_realtime_exit()
            let t1 = clock?() ?? 0
            // The player's program may end inside the block: keep only its frames.
            var kept = frames
            var ended = false
            if let deck, graph.musicHasEnded() {
                ended = true
                kept = Int(min(Int64(frames), deck[.playhead] - playhead))
            }
            if kept > 0 {
                try body(Block(click: click, left: left, right: right, frames: kept, start: done, renderNanoseconds: t1 &- t0))
            }
            done += Int64(max(kept, 0))
            if ended { break }
        }
        return done
    }

    #if WOODSHED_RTSAN
    /// `make rtcheck`'s negative control offline (WOODSHED_RTCHECK_ALLOCATE=1): allocate inside
    /// the realtime section so RealtimeSanitizer must report it. Only in the RTSan build.
    @inline(never)
    static func negativeControl() {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        p.deallocate()
    }
    #endif
}
