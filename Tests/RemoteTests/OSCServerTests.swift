import Glibc
import Remote
import Testing

/// A UDP client on loopback for the tests: sends and waits for replies.
final class LoopbackClient {
    let socket: OSCSocket
    init() throws { socket = try OSCSocket(port: 0) }

    func send(_ m: OSCMessage, to port: UInt16) { socket.send(m.encoded(), to: OSCPeer(host: "127.0.0.1", port: port)!) }
    func sendRaw(_ bytes: [UInt8], to host: String = "127.0.0.1", port: UInt16) { socket.send(bytes, to: OSCPeer(host: host, port: port)!) }

    /// Replies arriving within `milliseconds`.
    func replies(within milliseconds: Int32 = 200) -> [(OSCMessage, OSCPeer)] {
        var out: [(OSCMessage, OSCPeer)] = []
        var p = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&p, 1, milliseconds) == 1 {
            while let (bytes, from) = socket.receive() { if let m = try? OSCMessage(decoding: bytes) { out.append((m, from)) } }
        }
        return out
    }
}

@Suite("The OSC server on a real loopback socket")
struct OSCServerTests {
    @Test("ping from a client: pong comes back from the server's own port")
    func pong() throws {
        var warnings: [String] = []
        let server = try OSCServer(port: 0) { warnings.append($0) }
        let client = try LoopbackClient()
        client.send(OSCMessage("/klick/ping"), to: server.socket.local.port)
        var p = pollfd(fd: server.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 1000) == 1)
        server.receive(target: FakeTarget(), now: 0)
        let r = client.replies()
        #expect(r.count == 1)
        #expect(r.first?.0 == OSCMessage("/klick/pong"))
        #expect(r.first?.1 == server.socket.local)
        #expect(server.handled == 1 && server.ignored == 0 && warnings.isEmpty)
    }

    @Test("bad packets are ignored and counted, one warning line each")
    func badPackets() throws {
        var warnings: [String] = []
        let server = try OSCServer(port: 0) { warnings.append($0) }
        let from = OSCPeer(host: "127.0.0.1", port: 4242)!
        let t = FakeTarget()
        #expect(server.handle(Array("/klick/simple/set_tempo\0".utf8), from: from, target: t, now: 0) == [])
        #expect(server.handle(OSCMessage("/klick/foo").encoded(), from: from, target: t, now: 0) == [])
        #expect(server.handle(OSCMessage("/klick/simple/set_tempo", [.float(0)]).encoded(), from: from, target: t, now: 0) == [])
        #expect(server.handle(OSCMessage("/other/thing").encoded(), from: from, target: t, now: 0) == [])
        #expect(server.ignored == 4 && server.handled == 0)
        #expect(warnings == [
            "Warning: OSC: ignored 24 bytes from 127.0.0.1:4242: a malformed OSC message (liblo error 9902) (1 ignored so far)",
            "Warning: OSC: ignored /klick/foo , from 127.0.0.1:4242: unknown address (or argument types) (2 ignored so far)",
            "Warning: OSC: ignored /klick/simple/set_tempo 0.0: the tempo must be 1–1000 BPM (from 127.0.0.1:4242) (3 ignored so far)",
            "Warning: OSC: ignored /other/thing , from 127.0.0.1:4242: unknown address (or argument types) (4 ignored so far)",
        ])
        #expect(t.commands.isEmpty)
    }

    @Test("bound to 127.0.0.1 by default: nothing answers on 127.0.0.2")
    func onlyLoopbackOne() throws {
        let server = try OSCServer(port: 0) { _ in }
        #expect(server.socket.local.host == "127.0.0.1")
        let client = try LoopbackClient()
        client.sendRaw(OSCMessage("/klick/ping").encoded(), to: "127.0.0.2", port: server.socket.local.port)
        var p = pollfd(fd: server.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 300) == 0)
        #expect(client.replies(within: 100).isEmpty)
    }

    @Test("a port in use is one clear error")
    func portInUse() throws {
        let first = try OSCServer(port: 0) { _ in }
        #expect(throws: OSCSocketError.system("cannot listen for OSC on 127.0.0.1:\(first.socket.local.port)", EADDRINUSE)) {
            _ = try OSCServer(port: first.socket.local.port) { _ in }
        }
        #expect(OSCSocketError.system("cannot listen for OSC on 127.0.0.1:9000", EADDRINUSE).description
                == "cannot listen for OSC on 127.0.0.1:9000: Address already in use")
        #expect(throws: OSCSocketError.badAddress("example.org")) { _ = try OSCServer(host: "example.org", port: 9000) { _ in } }
    }

    @Test("a subscriber gets the whole state, then each changed field")
    func subscribe() throws {
        let server = try OSCServer(port: 0) { _ in }
        let t = FakeTarget()
        let sub = OSCPeer(host: "127.0.0.1", port: 7000)!
        let first = server.handle(OSCMessage("/woodshed/subscribe", [.string(sub.url)]).encoded(), from: sub, target: t, now: 0)
        #expect(first == [OSCDelivery(to: sub, t.state.message)])
        _ = server.handle(OSCMessage("/woodshed/tempo-set", [.float(140)]).encoded(), from: sub, target: t, now: 0)
        t.state.bar = 3
        var w = server.woodshed
        #expect(w.changes(t.state) == [
            OSCDelivery(to: sub, OSCMessage("/woodshed/tempo", [.float(140)])), OSCDelivery(to: sub, OSCMessage("/woodshed/bar", [.int32(3)])),
        ])
        #expect(w.changes(t.state) == [])
    }
}
