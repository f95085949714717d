import Glibc

/// Worker threads (reads a file's box headers and three small boxes). The edit list of one
/// track of an MP4/M4A file when it is the simple one encoders write: one edit that starts
/// `mediaTime` into the track's samples (the encoder's priming; in the track's time scale, from
/// its mdhd box) and lasts `duration` (in the movie's time scale, from the mvhd box).
///
/// `FFmpegDecoder` reads such a file with libavformat's `advanced_editlist` off: libavformat
/// then moves the timestamps back by the edit's start instead of building its index of the
/// file's packets a second time (mov.c `mov_fix_index`: for 2 hours of AAC, another 8 MB at
/// the peak). The stream's length, which libavformat no longer takes from the edit then, is
/// the edit's duration rescaled to the track's time scale, as mov.c does (`av_rescale`).
struct MP4EditList: Equatable {
    /// Where the edit starts in the track's samples: the priming dropped before frame 0.
    let mediaTime: Int64
    /// The edit's length, in the movie's time scale.
    let duration: Int64
    /// The movie's time scale (its mvhd box): units per second of `duration`.
    let movieTimeScale: Int64
    /// The track's time scale (its mdhd box): units per second of `mediaTime`.
    let trackTimeScale: Int64

    /// What one track's edit list is.
    enum Edits: Equatable {
        /// No edit list: the track plays as its samples are.
        case none
        /// One edit at normal rate that starts in the track.
        case simple(MP4EditList)
        /// Another kind (several edits, an empty edit, another rate), or one that cannot be read.
        case other
    }

    /// The edit lists of the file's tracks, in the order of the moov box's trak boxes (as
    /// libavformat numbers its streams), for the file open at `descriptor`; nil when it has no
    /// moov box with a movie time scale.
    static func tracks(descriptor: Int32) -> [Edits]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let file = BoxReader(descriptor: descriptor)
        guard let moov = file.boxes(in: 0..<Int64(status.st_size)).first(where: { $0.type == "moov" }),
              let mvhd = file.boxes(in: moov.payload).first(where: { $0.type == "mvhd" }),
              let movieScale = file.timeScale(of: mvhd), movieScale > 0 else { return nil }
        return file.boxes(in: moov.payload).filter { $0.type == "trak" }.map { trak in
            let boxes = file.boxes(in: trak.payload)
            guard let edts = boxes.first(where: { $0.type == "edts" }) else { return .none }
            guard let edit = edit(of: boxes, edts: edts, movieScale: movieScale, in: file) else { return .other }
            return .simple(edit)
        }
    }

    /// The one simple edit of a trak box's `boxes`, or nil.
    private static func edit(of trak: [BoxReader.Box], edts: BoxReader.Box, movieScale: Int64, in file: BoxReader) -> MP4EditList? {
        guard let mdia = trak.first(where: { $0.type == "mdia" }),
              let mdhd = file.boxes(in: mdia.payload).first(where: { $0.type == "mdhd" }),
              let trackScale = file.timeScale(of: mdhd), trackScale > 0,
              let elst = file.boxes(in: edts.payload).first(where: { $0.type == "elst" }),
              let head = file.bytes(at: elst.payload.lowerBound, count: 8) else { return nil }
        let long = head[0] == 1
        guard BoxReader.number(head[4..<8]) == 1, let entry = file.bytes(at: elst.payload.lowerBound + 8, count: long ? 20 : 12),
              Int64(entry.count) <= elst.payload.count - 8 else { return nil }
        let width = long ? 8 : 4
        let segment = BoxReader.number(entry[0..<width])
        let start = long ? Int64(bitPattern: UInt64(BoxReader.number(entry[8..<16])))
            : Int64(Int32(truncatingIfNeeded: BoxReader.number(entry[4..<8])))
        guard start >= 0, segment > 0, BoxReader.number(entry[2 * width..<2 * width + 4]) == 0x0001_0000 else { return nil }
        return MP4EditList(mediaTime: start, duration: segment, movieTimeScale: movieScale, trackTimeScale: trackScale)
    }
}

/// Worker threads. Reads ISO BMFF boxes (size, type, payload) of a file with pread.
private struct BoxReader {
    let descriptor: Int32

    struct Box {
        let type: String
        let payload: Range<Int64>
    }

    /// The boxes laid end to end in `range` (at most 4,096; stops at one that does not fit).
    func boxes(in range: Range<Int64>) -> [Box] {
        var found: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound && found.count < 4_096, let head = bytes(at: at, count: 8) {
            var size = Self.number(head[0..<4]), headSize: Int64 = 8
            if size == 1 {
                guard let large = bytes(at: at + 8, count: 8) else { break }
                size = Self.number(large[0..<8])
                headSize = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= headSize, size <= range.upperBound - at else { break }
            found.append(Box(type: String(decoding: head[4..<8], as: UTF8.self), payload: at + headSize..<at + size))
            at += size
        }
        return found
    }

    /// The time scale of an mvhd or mdhd box (version 0 or 1).
    func timeScale(of box: Box) -> Int64? {
        guard let version = bytes(at: box.payload.lowerBound, count: 1) else { return nil }
        let at = box.payload.lowerBound + (version[0] == 1 ? 20 : 12)
        guard at + 4 <= box.payload.upperBound, let scale = bytes(at: at, count: 4) else { return nil }
        return Self.number(scale[0..<4])
    }

    /// `count` bytes at `offset`, or nil when the file is shorter.
    func bytes(at offset: Int64, count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? buffer : nil
    }

    /// A big-endian unsigned number (up to 8 bytes; 8 bytes above Int64.max give a negative value).
    static func number(_ bytes: ArraySlice<UInt8>) -> Int64 {
        Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
}
