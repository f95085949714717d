import Foundation

/// What identifies an audio file's content, cheaply even for a file of many gigabytes. Any
/// thread (a value); `of(path:frames:rate:)` reads the file, so call it off the render thread.
///
/// It is the file's size in bytes, its length in frames and its rate (which the caller reads
/// from the audio: Persistence never decodes audio), and a 64-bit FNV-1a hash of at most three
/// 1 MiB regions: the start, the middle and the end of the file (the whole file when it is at
/// most 3 MiB). The same recording copied or renamed has the same fingerprint; a re-encode
/// or an edit inside a hashed region does not. Its text form names the practice file:
///
///     s1920044-f480000-r48000-5c0a3e1f9d72b846
public struct FileFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// Bytes in the file.
    public var size: Int64
    /// Audio frames (samples per channel), as the caller's decoder counts them.
    public var frames: Int64
    /// Audio frames per second.
    public var rate: Int
    /// FNV-1a (64-bit) of the hashed regions, in file order.
    public var hash: UInt64

    /// The length of each hashed region: 1 MiB.
    public static let regionLength: Int64 = 1 << 20

    public init(size: Int64, frames: Int64, rate: Int, hash: UInt64) {
        self.size = size
        self.frames = frames
        self.rate = rate
        self.hash = hash
    }

    /// `s<size>-f<frames>-r<rate>-<16 lowercase hex digits>`.
    public var description: String {
        let hex = String(hash, radix: 16)
        return "s\(size)-f\(frames)-r\(rate)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads the text form back; nil for anything else (exactly what `description` writes).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        func number(_ part: Substring, _ prefix: Character) -> Int64? {
            guard part.first == prefix, part.count > 1, part.count <= 19,
                  part.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(part.dropFirst())
        }
        guard parts.count == 4, let size = number(parts[0], "s"), let frames = number(parts[1], "f"),
              let rate = number(parts[2], "r"), rate > 0, rate <= Int64(Int32.max),
              parts[3].count == 16, parts[3].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let hash = UInt64(parts[3], radix: 16) else { return nil }
        self.init(size: size, frames: frames, rate: Int(rate), hash: hash)
        guard description == text else { return nil }
    }

    /// The fingerprint of the file at `path`, whose audio the caller has measured as `frames`
    /// frames at `rate`. Reads at most 3 MiB, however large the file.
    public static func of(path: String, frames: Int64, rate: Int) throws(FileFingerprintError) -> FileFingerprint {
        try measure(path: path, frames: frames, rate: rate).fingerprint
    }

    /// The fingerprint, the number of bytes read to make it (never more than 3 MiB) and the
    /// file's stamp before it was read.
    static func measure(path: String, frames: Int64, rate: Int) throws(FileFingerprintError)
        -> (fingerprint: FileFingerprint, bytesRead: Int64, stamp: FileStamp) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileFingerprintError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileFingerprintError(path: path, reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw FileFingerprintError(path: path, reason: "not a regular file") }
        let size = Int64(status.st_size)
        var hasher = FNV1a()
        var bytesRead: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        for region in regions(size: size) {
            var offset = region.lowerBound
            while offset < region.upperBound {
                let want = Int(min(Int64(buffer.count), region.upperBound - offset))
                let n = pread(fd, buffer.baseAddress, want, off_t(offset))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    let reason = n < 0 ? String(cString: strerror(errno)) : "the file got shorter while it was read"
                    throw FileFingerprintError(path: path, reason: reason)
                }
                hasher.add(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                offset += Int64(n)
                bytesRead += Int64(n)
            }
        }
        return (FileFingerprint(size: size, frames: frames, rate: rate, hash: hasher.value), bytesRead, FileStamp(status))
    }

    /// The byte ranges hashed in a file of `size` bytes: the whole file up to 3 MiB, else
    /// 1 MiB at the start, 1 MiB centred on the middle and the last 1 MiB (never overlapping).
    static func regions(size: Int64) -> [Range<Int64>] {
        let r = regionLength
        guard size > 3 * r else { return [0..<size] }
        let middle = size / 2 - r / 2
        return [0..<r, middle..<(middle + r), (size - r)..<size]
    }
}
