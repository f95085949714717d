import Glibc

/// The OSC surface of a live session: Woodshed's UDP socket, klick's namespace and Woodshed's.
/// The control loop watches `descriptor` and calls `receive` when a packet waits, and calls
/// `refresh` at each status refresh (changes for klick's clients and Woodshed's subscribers).
/// A bundle's messages are handled in order, at once for the time tag "immediately" or one in
/// the past, else at the first status refresh at or after its time (`pending`).
/// Nothing of it runs on the JACK thread. Bad packets (truncated, wrong types, unknown
/// addresses, absurd values) are ignored and counted, with one warning line each. Control thread.
public final class OSCServer {
    public let socket: OSCSocket
    public private(set) var klick = KlickNamespace()
    public private(set) var woodshed = WoodshedNamespace()
    /// Messages handled, and packets ignored.
    public private(set) var handled = 0
    public private(set) var ignored = 0
    /// Bundles waiting for their time: when (seconds since 1970), the packet and its sender,
    /// in time order (at most `maximumPending`).
    public private(set) var pending: [(due: Double, bytes: [UInt8], from: OSCPeer)] = []
    public static let maximumPending = 256
    private let warn: (String) -> Void
    /// Seconds since 1970 now (bundles' time tags are wall-clock times).
    private let wallClock: () -> Double

    /// Listens on `host:port`; `warn` takes each warning line (`Warning: OSC …`).
    public init(host: String = "127.0.0.1", port: UInt16, wallClock: @escaping () -> Double = OSCServer.systemTime,
                warn: @escaping (String) -> Void) throws(OSCSocketError) {
        socket = try OSCSocket(host: host, port: port)
        self.wallClock = wallClock
        self.warn = warn
    }

    /// The system's wall clock, in seconds since 1970.
    public static func systemTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
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

    /// One packet: the replies to send. A bundle's messages in order (nested bundles too), or
    /// kept in `pending` when its time is to come.
    public func handle(_ bytes: [UInt8], from: OSCPeer, target: RemoteTarget, now: Double) -> [OSCDelivery] {
        if OSCBundle.isBundle(bytes) { return bundle(bytes, from: from, target: target, now: now, due: false) }
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

    private func bundle(_ bytes: [UInt8], from: OSCPeer, target: RemoteTarget, now: Double, due: Bool) -> [OSCDelivery] {
        let b: OSCBundle
        do throws(OSCDecodeError) { b = try OSCBundle(decoding: bytes) } catch {
            ignore("\(bytes.count) bytes from \(from): \(error)")
            return []
        }
        if !due, let time = b.unixTime, time > wallClock() {
            guard pending.count < Self.maximumPending else {
                ignore("a bundle for later from \(from): \(Self.maximumPending) bundles wait already")
                return []
            }
            pending.insert((time, bytes, from), at: pending.firstIndex { $0.due > time } ?? pending.endIndex)
            return []
        }
        return b.elements.flatMap { element in
            OSCBundle.isBundle(element) ? bundle(element, from: from, target: target, now: now, due: true)
                : handle(element, from: from, target: target, now: now)
        }
    }

    /// The status refresh: the bundles whose time has come, the speed trainer's step, then what
    /// changed to klick's clients and Woodshed's subscribers.
    public func refresh(target: RemoteTarget, now: Double) {
        let time = wallClock()
        while let first = pending.first, first.due <= time {
            pending.removeFirst()
            for d in bundle(first.bytes, from: first.from, target: target, now: now, due: true) { socket.send(d.message.encoded(), to: d.to) }
        }
        klick.step(target: target, now: now)
        let s = target.remoteState(now: now)
        for d in klick.changes(s) + woodshed.changes(s) { socket.send(d.message.encoded(), to: d.to) }
    }

    private func ignore(_ what: String) {
        ignored += 1
        warn("Warning: OSC: ignored \(what) (\(ignored) ignored so far)")
    }
}
