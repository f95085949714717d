/// An OSC bundle (`#bundle`, an NTP time tag, then elements each preceded by its 32-bit
/// big-endian size) read into its time tag and its elements' bytes, in order; an element may
/// itself be a bundle. Any thread (a value).
public struct OSCBundle: Equatable, Sendable {
    /// OSC's time tag meaning "now".
    public static let immediately: UInt64 = 1
    /// Seconds from NTP's epoch (1900) to Unix's (1970).
    static let ntpToUnix: UInt64 = 2_208_988_800
    static let header = Array("#bundle\0".utf8)

    /// The NTP time tag: seconds since 1900 in the high 32 bits, fractions in the low 32.
    public var timeTag: UInt64
    /// Each element's bytes (a message, or a bundle), in the order sent.
    public var elements: [[UInt8]]

    public init(timeTag: UInt64 = OSCBundle.immediately, elements: [[UInt8]]) {
        self.timeTag = timeTag
        self.elements = elements
    }

    /// True when `bytes` begin like a bundle.
    public static func isBundle(_ bytes: [UInt8]) -> Bool { bytes.starts(with: header) }

    /// Reads a bundle; a short header, a size past the end or not a multiple of 4 throw.
    public init(decoding bytes: [UInt8]) throws(OSCDecodeError) {
        guard Self.isBundle(bytes), bytes.count >= 16 else { throw .malformedBundle("shorter than its header") }
        timeTag = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var elements: [[UInt8]] = []
        var at = 16
        while at < bytes.count {
            guard at + 4 <= bytes.count else { throw .malformedBundle("an element size cut off at byte \(at)") }
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            at += 4
            guard size > 0, size % 4 == 0, size <= bytes.count - at else {
                throw .malformedBundle("an element of \(size) bytes at byte \(at - 4) of \(bytes.count)")
            }
            elements.append(Array(bytes[at..<at + size]))
            at += size
        }
        self.elements = elements
    }

    /// The bundle's bytes.
    public func encoded() -> [UInt8] {
        var out = Self.header + (0..<8).map { UInt8(truncatingIfNeeded: timeTag >> (56 - 8 * $0)) }
        for e in elements {
            let n = UInt32(e.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + e
        }
        return out
    }

    /// When the bundle is due, in seconds since 1970; nil for "immediately".
    public var unixTime: Double? {
        guard timeTag != Self.immediately else { return nil }
        let seconds = Double(Int64(timeTag >> 32) - Int64(Self.ntpToUnix))
        return seconds + Double(timeTag & 0xFFFF_FFFF) / 4_294_967_296
    }

    /// The time tag of `unixTime` (seconds since 1970).
    public static func timeTag(unixTime: Double) -> UInt64 {
        let whole = unixTime.rounded(.down)
        let fraction = UInt64(((unixTime - whole) * 4_294_967_296).rounded(.down))
        return (UInt64(whole) + ntpToUnix) << 32 | min(fraction, 0xFFFF_FFFF)
    }
}
