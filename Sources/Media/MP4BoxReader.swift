import Glibc

/// Worker threads (one at a time). Reads the ISO BMFF boxes (size, type, payload) of an MP4/M4A
/// file with pread: what `MP4EditList` and `MP4SampleTable` read.
struct MP4BoxReader {
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

    /// The moov box's boxes and the movie's time scale (mvhd), or nil when the file has no moov
    /// box (at its top level) with a time scale.
    func movie() -> (boxes: [Box], timeScale: Int64)? {
        guard let moov = topLevel().first(where: { $0.type == "moov" }) else { return nil }
        let inside = boxes(in: moov.payload)
        guard let mvhd = inside.first(where: { $0.type == "mvhd" }), let scale = timeScale(of: mvhd), scale > 0 else { return nil }
        return (inside, scale)
    }

    /// An MP4 (its first box an ftyp) with no moov box at its top level: the index that says
    /// where its audio lies is not there (written last, and the file cut short or not finished).
    func isMovieWithoutIndex() -> Bool {
        let top = topLevel()
        return top.first?.type == "ftyp" && !top.contains { $0.type == "moov" }
    }

    /// The boxes at the file's top level (none when its size cannot be read).
    private func topLevel() -> [Box] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        return boxes(in: 0..<Int64(status.st_size))
    }

    /// The first box of `type` in `range`.
    func first(_ type: String, in range: Range<Int64>) -> Box? { boxes(in: range).first { $0.type == type } }

    /// A trak box's handler type (its mdia box's hdlr): "soun" for sound.
    func handler(of trak: Box) -> String? {
        guard let mdia = first("mdia", in: trak.payload), let hdlr = first("hdlr", in: mdia.payload),
              hdlr.payload.count >= 12, let type = bytes(at: hdlr.payload.lowerBound + 8, count: 4) else { return nil }
        return String(decoding: type, as: UTF8.self)
    }

    /// `count` big-endian 32-bit numbers at `offset`, or nil when the file is shorter.
    func words(at offset: Int64, count: Int) -> [UInt32]? {
        var words = [UInt32](repeating: 0, count: count)
        let wanted = 4 * count
        let read = words.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
        guard read == wanted else { return nil }
        for i in words.indices { words[i] = UInt32(bigEndian: words[i]) }
        return words
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
