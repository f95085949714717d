import Foundation

/// Worker threads (reads the file's first bytes). Where an MPEG audio stream starts in a file
/// and what its first frame's Xing/Info header (written by LAME, ffmpeg and most encoders)
/// says: how many frames and bytes the stream holds.
///
/// It tells an MP3 from the files libsndfile reads (`SourceFile` sends it to libmpg123), and
/// whether the length libmpg123 gives at once can be trusted: a frame count in the header, and
/// a byte count that matches the file (a file cut short or with something appended does not).
struct MP3StreamHead: Equatable {
    /// Byte offset of the first frame (after an ID3v2 tag, if any).
    let start: Int64
    let header: MPEGFrameHeader
    /// The Xing/Info header's frame count (the frames after the header's own frame), if it has one.
    let frames: Int64?
    /// The Xing/Info header's byte count (the stream from its first frame on), if it has one.
    let bytes: Int64?

    /// How far past an ID3v2 tag (or the file's start) the first frame is looked for.
    static let searchLength = 4_096

    /// The stream head of the file open at `descriptor`, or nil when it does not start (after
    /// an ID3v2 tag) with two consecutive MPEG audio frames.
    static func read(descriptor: Int32) -> MP3StreamHead? {
        var tag = [UInt8](repeating: 0, count: 10)
        guard pread(descriptor, &tag, 10, 0) == 10 else { return nil }
        var offset: Int64 = 0
        if tag.starts(with: Array("ID3".utf8)), tag[6...9].allSatisfy({ $0 < 0x80 }) {
            let size = tag[6...9].reduce(0) { $0 << 7 | Int64($1) }
            offset = 10 + size + (tag[5] & 0x10 != 0 ? 10 : 0)
        }
        let wanted = searchLength + 2 * 2_900  // a frame is at most 2881 bytes (Layer I: 1728)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
        guard count > 4 else { return nil }
        bytes.removeLast(wanted - count)
        for at in 0..<min(searchLength, count - 4) where bytes[at] == 0xFF {
            guard let first = MPEGFrameHeader(bytes[at...]) else { continue }
            let next = at + first.length
            guard next + 4 <= bytes.count, let second = MPEGFrameHeader(bytes[next...]),
                  second.version == first.version, second.layer == first.layer, second.rate == first.rate else { continue }
            let info = xingCounts(in: Array(bytes[at..<min(bytes.count, at + first.length)]), header: first)
            return MP3StreamHead(start: offset + Int64(at), header: first, frames: info.frames, bytes: info.bytes)
        }
        return nil
    }

    /// The counts of a Xing or Info header in `frame` (a Layer III frame's bytes), if present.
    private static func xingCounts(in frame: [UInt8], header: MPEGFrameHeader) -> (frames: Int64?, bytes: Int64?) {
        let at = header.infoOffset
        guard header.layer == 3, frame.count >= at + 8 else { return (nil, nil) }
        let tag = Array(frame[at..<(at + 4)])
        guard tag == Array("Xing".utf8) || tag == Array("Info".utf8) else { return (nil, nil) }
        func number(_ i: Int) -> Int64? {
            guard frame.count >= i + 4 else { return nil }
            return frame[i..<(i + 4)].reduce(0) { $0 << 8 | Int64($1) }
        }
        guard let flags = number(at + 4) else { return (nil, nil) }
        var field = at + 8
        var frames: Int64?, bytes: Int64?
        if flags & 1 != 0 {
            frames = number(field)
            field += 4
        }
        if flags & 2 != 0 { bytes = number(field) }
        return (frames, bytes)
    }

    /// Whether the header's byte count disagrees with a file of `fileSize` bytes by more than
    /// 1 % (libmpg123's rule for its "Xing stream size off" warning). An ID3v1 tag at the end
    /// (`hasTrailingTag`) is not part of the stream. False when the header has no byte count.
    func sizeDisagrees(fileSize: Int64, hasTrailingTag: Bool) -> Bool {
        guard let bytes else { return false }
        let length = fileSize - (hasTrailingTag ? 128 : 0)
        return Double(abs(length - start - bytes)) * 100 > Double(length)
    }

    /// Whether the file open at `descriptor` ends with an ID3v1 tag ("TAG" 128 bytes from the end).
    static func hasTrailingTag(descriptor: Int32, fileSize: Int64) -> Bool {
        guard fileSize >= 128 else { return false }
        var tag = [UInt8](repeating: 0, count: 3)
        return pread(descriptor, &tag, 3, off_t(fileSize - 128)) == 3 && tag == Array("TAG".utf8)
    }
}
