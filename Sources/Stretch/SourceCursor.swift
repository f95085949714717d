/// Owned by one `StretchStream` (its worker thread). Reads the source in order from `next`,
/// giving zeros for frames before 0 so the source callback never sees a negative start.
struct SourceCursor {
    /// The next source frame to read.
    var next: Int64 = 0

    /// Fills `count` interleaved stereo frames from `next` into `buffer` and advances.
    mutating func read(_ count: Int, into buffer: UnsafeMutablePointer<Float>,
                       source: (Int64, Int, UnsafeMutablePointer<Float>) -> Void) {
        guard count > 0 else { return }
        var done = 0
        if next < 0 {
            done = Int(min(-next, Int64(count)))
            buffer.update(repeating: 0, count: done * 2)
        }
        if done < count {
            source(next + Int64(done), count - done, buffer + done * 2)
        }
        next += Int64(count)
    }
}
