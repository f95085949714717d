import CRealtimeSanitizer
import RenderGraph
#if WOODSHED_RTSAN
import Glibc
#endif

/// Plays a program to its end faster than real time through the same worker and deck as the
/// live player, on the calling thread (tests, `woodshed render --play`). Offline only.
public enum OfflinePlayback {
    /// Calls `write(click, left, right, frames)` chunk after chunk until the program ends or
    /// `maxFrames` have been written. Returns the frames written (exactly the program's length
    /// when it ends first).
    ///
    /// Each `deck.render` (what the JACK callback runs live) is inside the RealtimeSanitizer's
    /// realtime section in the `make rtcheck` build, so an allocation, lock or system call there
    /// is reported offline too; the worker's fill and `write` are outside it, as they are live.
    @discardableResult
    public static func run(_ worker: PlayerWorker, chunk: Int = 256, maxFrames: Int64,
                           write: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, Int) throws -> Void)
        rethrows -> Int64
    {
        let deck = worker.deck
        let click = UnsafeMutablePointer<Float>.allocate(capacity: chunk)
        let left = UnsafeMutablePointer<Float>.allocate(capacity: chunk)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: chunk)
        defer { click.deallocate(); left.deallocate(); right.deallocate() }
        woodshed_realtime_init()
        #if WOODSHED_RTSAN
        let allocateInRender = getenv("WOODSHED_RTCHECK_ALLOCATE") != nil
        #endif
        var total: Int64 = 0
        while total < maxFrames {
            worker.fillAvailable()
            let before = deck[.playhead]
            click.update(repeating: 0, count: chunk)
            woodshed_realtime_enter()
            deck.render(frames: chunk, click: click, left: left, right: right)
            #if WOODSHED_RTSAN
            if allocateInRender { negativeControl() }
            #endif
            woodshed_realtime_exit()
            var n = chunk
            if deck[.ended] != 0 { n = Int(deck[.playhead] - before) }
            n = Int(min(Int64(n), maxFrames - total))
            if n > 0 { try write(click, left, right, n) }
            total += Int64(n)
            if deck[.ended] != 0 { break }
        }
        return total
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
