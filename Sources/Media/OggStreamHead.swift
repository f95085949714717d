import Foundation

/// Worker threads (reads the file's first and last bytes). What an Ogg file carries, from its
/// first page (the codec's identification packet), and whether its last page is there.
///
/// It sends Ogg Vorbis to libvorbisfile and Opus to libopusfile (see `SourceFile`), whatever
/// the file's name; other Ogg streams (FLAC, Speex) go on to libsndfile or FFmpeg.
enum OggStreamHead {
    /// Any thread (a value). The codec of an Ogg file's first logical stream.
    enum Codec: Equatable { case vorbis, opus }

    /// The codec of the Ogg file open at `descriptor`, or nil when it is not an Ogg file or not
    /// Vorbis or Opus.
    static func codec(descriptor: Int32) -> Codec? {
        var page = [UInt8](repeating: 0, count: 27 + 255 + 8)
        let count = page.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 27, page.starts(with: Array("OggS".utf8)) else { return nil }
        let body = 27 + Int(page[26])
        guard count >= body + 8 else { return nil }
        let packet = Array(page[body..<(body + 8)])
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) { return .vorbis }
        if packet == Array("OpusHead".utf8) { return .opus }
        return nil
    }

    /// How many bytes at the end of a file are searched for its last page: a page is at most
    /// 65,307 bytes long.
    static let tailLength = 65_536 + 65_307

    /// Whether the Ogg file open at `descriptor` ends with a whole page that ends its stream
    /// (the end-of-stream flag). False for a file cut short or still being written.
    static func endsWholly(descriptor: Int32, fileSize: Int64) -> Bool {
        let start = max(0, fileSize - Int64(tailLength))
        var tail = [UInt8](repeating: 0, count: Int(fileSize - start))
        let count = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard count == tail.count else { return false }
        var at = tail.count - 27
        while at >= 0 {
            if tail[at] == 0x4F, tail[at + 1] == 0x67, tail[at + 2] == 0x67, tail[at + 3] == 0x53, tail[at + 4] == 0 {
                let segments = Int(tail[at + 26])
                if at + 27 + segments <= tail.count {
                    let length = 27 + segments + tail[(at + 27)..<(at + 27 + segments)].reduce(0) { $0 + Int($1) }
                    if at + length == tail.count { return tail[at + 5] & 0x04 != 0 }
                }
            }
            at -= 1
        }
        return false
    }

    /// The warning for an Ogg file that does not end wholly (see `endsWholly`).
    static func cutShortWarning(path: String, frames: Int64, rate: Int) -> String {
        "\(path): the file ends before its last Ogg page (cut short, or still being written?); "
            + "it plays the \(String(format: "%.3f", Double(frames) / Double(rate))) s that are there"
    }
}
