import RenderGraph

/// Plays a program to its end faster than real time through the same worker and deck as the
/// live player, on the calling thread (tests, `woodshed render --play`). Offline only.
public enum OfflinePlayback {
    /// Calls `write(click, left, right, frames)` chunk after chunk until the program ends or
    /// `maxFrames` have been written. Returns the frames written (exactly the program's length
    /// when it ends first).
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
        var total: Int64 = 0
        while total < maxFrames {
            worker.fillAvailable()
            let before = deck[.playhead]
            click.update(repeating: 0, count: chunk)
            deck.render(frames: chunk, click: click, left: left, right: right)
            var n = chunk
            if deck[.ended] != 0 { n = Int(deck[.playhead] - before) }
            n = Int(min(Int64(n), maxFrames - total))
            if n > 0 { try write(click, left, right, n) }
            total += Int64(n)
            if deck[.ended] != 0 { break }
        }
        return total
    }
}
