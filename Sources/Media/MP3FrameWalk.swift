import Foundation

/// The reading thread. A frame index of an MP3 found by walking its frame headers in large
/// reads (no libmpg123, no decoding): a few milliseconds for an hour, where libmpg123 reading
/// the headers forward to a far seek target takes hundreds. It is handed to libmpg123 in the
/// same form as its own index (`MP3FrameIndex.Table`: the byte offset of every `step`-th frame,
/// the first audio frame after a Xing/Info frame first), so a resume point deep in a file that
/// was just opened is reached at once while the background scan runs.
enum MP3FrameWalk {
    /// Bytes read per step.
    static let chunk = 1 << 20

    /// The index of the stream starting at `head` in the file open at `descriptor`, with at most
    /// `MP3Handle.indexSize` entries, up to the MPEG frame `last` (nil: to the end; `frames`
    /// then counts the frames walked); nil when the walk stops before a frame (an unreadable file).
    static func table(descriptor: Int32, head: MP3StreamHead, fileSize: Int64, upTo last: Int64? = nil) -> MP3FrameIndex.Table? {
        var offsets: [off_t] = []
        var buffer = [UInt8](repeating: 0, count: chunk + 4)
        var bufferStart: Int64 = -1, bufferCount = 0
        var at = head.start
        // The Xing/Info frame holds no audio: libmpg123 does not count it.
        if head.frames != nil { at += Int64(head.header.length) }
        while at + 4 <= fileSize && Int64(offsets.count) <= (last ?? .max) {
            if bufferStart < 0 || at + 4 > bufferStart + Int64(bufferCount) {
                bufferStart = at
                bufferCount = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(at)) }
                if bufferCount < 4 { break }
            }
            let i = Int(at - bufferStart)
            guard let header = MPEGFrameHeader(buffer[i..<(i + 4)]), header.layer == head.header.layer,
                  header.rate == head.header.rate else { break }
            offsets.append(off_t(at))
            at += Int64(header.length)
        }
        guard !offsets.isEmpty else { return nil }
        var step = 1
        while offsets.count / step > MP3Handle.indexSize - 1 { step *= 2 }
        let kept = stride(from: 0, to: offsets.count, by: step).map { offsets[$0] }
        return MP3FrameIndex.Table(offsets: kept, step: off_t(step), frames: Int64(offsets.count))
    }
}
