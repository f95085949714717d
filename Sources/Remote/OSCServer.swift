/// The OSC surface of a live session: Woodshed's UDP socket, klick's namespace and Woodshed's.
/// The control loop watches `descriptor` and calls `receive` when a packet waits, and calls
/// `refresh` at each status refresh (changes for klick's clients and Woodshed's subscribers).
/// Nothing of it runs on the JACK thread. Bad packets (truncated, bundles, wrong types, unknown
/// addresses, absurd values) are ignored and counted, with one warning line each. Control thread.
public final class OSCServer {
    public let socket: OSCSocket
    public private(set) var klick = KlickNamespace()
    public private(set) var woodshed = WoodshedNamespace()
    /// Messages handled, and packets ignored.
    public private(set) var handled = 0
    public private(set) var ignored = 0
    private let warn: (String) -> Void

    /// Listens on `host:port`; `warn` takes each warning line (`Warning: OSC …`).
    public init(host: String = "127.0.0.1", port: UInt16, warn: @escaping (String) -> Void) throws(OSCSocketError) {
        socket = try OSCSocket(host: host, port: port)
        self.warn = warn
    }

    /// The descriptor the control loop polls.
    public var descriptor: Int32 { socket.descriptor }

    /// The line said at start-up: where it listens, and that OSC has no authentication when
    /// it listens beyond this computer.
    public var startLine: String {
        let local = socket.local.host.hasPrefix("127.")
        return "OSC on \(socket.local.url)" + (local ? "" : " · Warning: OSC has no authentication: anyone who can reach this address controls Woodshed")
    }

    /// Reads and handles every packet waiting.
    public func receive(target: RemoteTarget, now: Double) {
        while let (bytes, from) = socket.receive() {
            for d in handle(bytes, from: from, target: target, now: now) { socket.send(d.message.encoded(), to: d.to) }
        }
    }

    /// One packet: the replies to send.
    public func handle(_ bytes: [UInt8], from: OSCPeer, target: RemoteTarget, now: Double) -> [OSCDelivery] {
        let m: OSCMessage
        do throws(OSCDecodeError) {
            m = try OSCMessage(decoding: bytes)
        } catch {
            ignore("\(bytes.count) bytes from \(from): \(error)")
            return []
        }
        do throws(OSCRefusal) {
            let replies: [OSCDelivery]?
            if m.address.hasPrefix(KlickNamespace.prefix) {
                replies = try klick.handle(m, from: from, target: target, now: now)
            } else if m.address.hasPrefix(OSCCommands.prefix) {
                replies = try woodshed.handle(m, from: from, target: target, now: now)
            } else {
                replies = nil
            }
            guard let replies else {
                ignore("\(m.address) ,\(m.typeTags) from \(from): unknown address (or argument types)")
                return []
            }
            handled += 1
            return replies
        } catch {
            ignore("\(error.description) (from \(from))")
            return []
        }
    }

    /// The status refresh: the speed trainer's step, then what changed to klick's clients and
    /// Woodshed's subscribers.
    public func refresh(target: RemoteTarget, now: Double) {
        klick.step(target: target, now: now)
        let s = target.remoteState(now: now)
        for d in klick.changes(s) + woodshed.changes(s) { socket.send(d.message.encoded(), to: d.to) }
    }

    private func ignore(_ what: String) {
        ignored += 1
        warn("Warning: OSC: ignored \(what) (\(ignored) ignored so far)")
    }
}
