/// OSC over a stream (OSC 1.0's framing): each packet preceded by its length as a big-endian
/// 32-bit integer. Used by `woodshed ctl`'s Unix sockets. Any thread.
public enum StreamFraming {
    /// The longest packet accepted.
    public static let maximumPacket = 65_536

    /// `packet` with its length in front.
    public static func frame(_ packet: [UInt8]) -> [UInt8] {
        let n = UInt32(packet.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + packet
    }

    /// The whole packets at the front of `buffer`, removed from it; throws when a length is
    /// absurd (the connection is then dropped).
    public static func take(from buffer: inout [UInt8]) throws(OSCRefusal) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        while buffer.count >= 4 {
            let n = Int(buffer[0]) << 24 | Int(buffer[1]) << 16 | Int(buffer[2]) << 8 | Int(buffer[3])
            guard n <= maximumPacket else { throw OSCRefusal("a packet of \(n) bytes (at most \(maximumPacket))") }
            guard buffer.count >= 4 + n else { break }
            packets.append(Array(buffer[4..<4 + n]))
            buffer.removeFirst(4 + n)
        }
        return packets
    }
}
