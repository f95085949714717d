import App
import Control
import Engine
import Glibc
import Remote
import TerminalUI
import Testing

@Suite("OSC on the control loop: the socket is one of the loop's inputs")
struct RemoteOnLoopTests {
    /// An engine over `session` on the real clock and poll(2), with an OSC server on a real
    /// socket, and `messages` already sent to it from a client socket (for its replies); the
    /// keys' pipe, to keep open while the engine runs.
    static func engine(_ session: LiveSession, sending messages: [OSCMessage]) throws -> (LiveEngine, OSCServer, OSCSocket, KeyPipe) {
        let keys = KeyPipe()
        let engine = LiveEngine(loop: ControlLoop(), output: SilentOutput(), session: session, stopAfter: 5, fullScreen: false,
                                keys: KeyInput(fileDescriptor: keys.readEnd), write: { _ in })
        let server = try OSCServer(port: 0) { _ in }
        engine.surfaces.append(OSCSurface(server))
        let client = try OSCSocket(port: 0)
        for m in messages { client.send(m.encoded(), to: server.socket.local) }
        return (engine, server, client, keys)
    }

    @Test("packets waiting on the OSC socket are read at the loop's next turn: a tempo, a ping answered, a quit")
    func oscReachesTheSession() throws {
        let session = LiveSession(settings: ClickSettings())
        let (engine, server, client, keys) = try Self.engine(session, sending: [
            OSCMessage("/klick/simple/set_tempo", [.float(132)]), OSCMessage("/klick/ping"), OSCMessage("/woodshed/quit"),
        ])
        let loop = engine.loop
        let started = loop.now
        #expect(engine.run(MetronomeController(engine: engine, store: nil, summary: "120 BPM 4/4")) == .quit)
        #expect(loop.now - started < 1)  // the quit came from OSC, not from --for
        #expect(session.settings.milliBPM == 132_000)
        var p = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 1000) == 1)
        let reply = try #require(client.receive())
        #expect(try OSCMessage(decoding: reply.bytes) == OSCMessage("/klick/pong"))
        #expect(reply.from == server.socket.local)
        #expect(server.handled == 3)
        withExtendedLifetime(keys) {}
    }

    @Test("/woodshed/advance-mode and /woodshed/again-slower reach the player as g and - do")
    func oscReachesThePlayer() throws {
        for (address, message) in [("/woodshed/advance-mode", "after each section: then loop all (this session)"),
                                   ("/woodshed/again-slower", "again at 0.85×, once: intro")] {
            let (session, player) = try KeyAndPedalLoopTests.playerRig()
            defer { player.close() }
            let (engine, server, _, keys) = try Self.engine(session, sending: [OSCMessage(address), OSCMessage("/woodshed/quit")])
            #expect(engine.run(KeyAndPedalLoopTests.playerController(engine, player)) == .quit)
            #expect(player.message == message, "\(address): \(player.message)")
            #expect(server.handled == 2)
            withExtendedLifetime(keys) {}
        }
    }
}
