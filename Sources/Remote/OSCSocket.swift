import Glibc

/// Woodshed's own UDP socket for OSC: bound to one address (127.0.0.1 unless the user says
/// otherwise), non-blocking, read when the control loop sees it readable; replies go out with
/// `sendto` from it, so they come from the port the user sent to. Control thread.
public final class OSCSocket {
    /// The largest packet read; longer ones are cut, and then refused as malformed.
    public static let maximumPacket = 65_536
    /// The descriptor the control loop polls.
    public let descriptor: Int32
    /// The address and port it is bound to (the port the system chose for port 0).
    public let local: OSCPeer
    private var buffer = [UInt8](repeating: 0, count: OSCSocket.maximumPacket)

    /// Binds `host:port` (port 0: any free port). Throws `OSCSocketError` naming what failed.
    public init(host: String = "127.0.0.1", port: UInt16) throws(OSCSocketError) {
        guard let wanted = OSCPeer(host: host, port: port) else { throw .badAddress(host) }
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("cannot open a UDP socket", errno) }
        var address = wanted.socketAddress
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw .system("cannot listen for OSC on \(wanted)", e)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        local = OSCPeer(actual)
    }

    deinit { close(descriptor) }

    /// The next waiting packet and its sender; nil when none waits.
    public func receive() -> (bytes: [UInt8], from: OSCPeer)? {
        var from = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let n = buffer.withUnsafeMutableBytes { b in
            withUnsafeMutablePointer(to: &from) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, b.baseAddress, b.count, 0, $0, &length) }
            }
        }
        guard n >= 0 else { return nil }
        return (Array(buffer[0..<n]), OSCPeer(from))
    }

    /// Sends one packet from this socket; false when the system refused it (no one listens:
    /// UDP does not say so).
    @discardableResult
    public func send(_ bytes: [UInt8], to peer: OSCPeer) -> Bool {
        var address = peer.socketAddress
        let n = bytes.withUnsafeBytes { b in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, b.baseAddress, b.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return n == bytes.count
    }
}

/// An OSC socket that cannot be opened. Any thread.
public enum OSCSocketError: Error, Equatable, CustomStringConvertible {
    case badAddress(String)
    case system(String, Int32)

    public var description: String {
        switch self {
        case .badAddress(let a): "--osc-bind \(a) is not an IPv4 address (e.g. 127.0.0.1)"
        case .system(let what, let e): "\(what): \(String(cString: strerror(e)))"
        }
    }
}
