import CMpg123
import Foundation
import Synchronization

/// Built on a thread of its own (or on the opening thread), taken by the reading thread. The
/// frame index of one MP3: the byte offset of every `step`-th MPEG frame, found by reading
/// every frame header of the file once (libmpg123's `mpg123_scan`: no decoding, about 0.5 s
/// for an hour of MP3 here). A libmpg123 handle must not be used by two threads at once, so
/// the scan has a handle (and a descriptor) of its own; the reader gives the finished index to
/// its handle with `mpg123_set_index` (see `MP3Decoder`).
///
/// Until the index is ready the reader's seeks are exact all the same: libmpg123 reads frame
/// headers forward from the last frame it knows, which is slower only for a first jump far ahead.
final class MP3FrameIndex: Sendable {
    /// Any thread (a value). libmpg123's index as an array, with the frames scanned.
    struct Table: Sendable, Equatable {
        var offsets: [off_t]
        var step: off_t
        /// MPEG frames in the stream (0 when not counted).
        var frames: Int64 = 0
    }

    private let built = Mutex<Table?>(nil)

    /// The finished index, or nil while the scan runs (and when it failed: a file that cannot
    /// be scanned is read with the reader's own index).
    var table: Table? { built.withLock { $0 } }

    /// Scans the file open at `descriptor` on this thread; nil when libmpg123 cannot.
    static func scan(descriptor: Int32) -> Table? {
        guard let handle = try? MP3Handle(reopening: descriptor), (try? handle.open()) != nil,
              mpg123_scan(handle.handle) == MPG123_OK.rawValue else { return nil }
        var table = handle.index()
        table.frames = Int64(mpg123_framelength(handle.handle))
        return table
    }

    /// Starts scanning the file open at `descriptor` on a new thread (which keeps a duplicate
    /// of the descriptor until it is done, even if the reader is gone by then).
    static func start(descriptor: Int32) -> MP3FrameIndex {
        let index = MP3FrameIndex()
        let own = dup(descriptor)
        guard own >= 0 else { return index }
        let thread = Thread {
            defer { close(own) }
            let table = scan(descriptor: own)
            index.built.withLock { $0 = table }
        }
        thread.name = "woodshed-mp3-index"
        thread.start()
        return index
    }
}
