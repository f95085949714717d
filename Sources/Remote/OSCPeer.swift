import Glibc

/// Where an OSC message came from or goes to: an IPv4 address and a UDP port. Any thread.
public struct OSCPeer: Hashable, Sendable, CustomStringConvertible {
    /// The address in network byte order, as in `sockaddr_in`.
    public let address: UInt32
    public let port: UInt16

    public init(address: UInt32, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// A dotted address (`127.0.0.1`) or `localhost`, and a port; nil for anything else.
    public init?(host: String, port: UInt16) {
        var a = in_addr()
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &a) == 1 else { return nil }
        self.init(address: a.s_addr, port: port)
    }

    /// liblo's URL form, `osc.udp://127.0.0.1:9000/` (also without `osc.udp://` or the last
    /// slash); nil when it is not a UDP URL with an IPv4 host and a port.
    public init?(url: String) {
        var rest = Substring(url)
        if rest.hasPrefix("osc.udp://") { rest = rest.dropFirst("osc.udp://".count) } else if rest.contains("://") { return nil }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port > 0 else { return nil }
        self.init(host: String(rest[..<colon]), port: port)
    }

    init(_ a: sockaddr_in) {
        self.init(address: a.sin_addr.s_addr, port: UInt16(bigEndian: a.sin_port))
    }

    var socketAddress: sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = port.bigEndian
        a.sin_addr.s_addr = address
        return a
    }

    /// `127.0.0.1`.
    public var host: String {
        var a = in_addr(s_addr: address)
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &a, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `osc.udp://127.0.0.1:9000/`, as liblo writes it.
    public var url: String { "osc.udp://\(host):\(port)/" }
    public var description: String { "\(host):\(port)" }
}
