import Control
import Remote
import Testing

@Suite("klick's namespace: queries answer the sender or the URL given, changes go to registered clients")
struct KlickNamespaceTests {
    let me = OSCPeer(host: "127.0.0.1", port: 5000)!
    let other = OSCPeer(host: "127.0.0.1", port: 9555)!

    @Test("ping answers pong to the sender, or to the URL given")
    func ping() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        #expect(try k.handle(OSCMessage("/klick/ping"), from: me, target: t, now: 0) == [OSCDelivery(to: me, OSCMessage("/klick/pong"))])
        #expect(try k.handle(OSCMessage("/klick/ping", [.string("osc.udp://127.0.0.1:9555/")]), from: me, target: t, now: 0)
                == [OSCDelivery(to: other, OSCMessage("/klick/pong"))])
        #expect(throws: OSCRefusal("/klick/ping: the return address must be a URL like osc.udp://127.0.0.1:9001/")) {
            try k.handle(OSCMessage("/klick/ping", [.string("nowhere")]), from: me, target: t, now: 0)
        }
    }

    @Test("/klick/query answers 13 messages, as klick's simple metronome: config, metro, then 7 of simple")
    func query() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        let replies = try #require(try k.handle(OSCMessage("/klick/query"), from: me, target: t, now: 0))
        #expect(replies.map(\.message.address) == [
            "/klick/config/sound", "/klick/config/sound_volume", "/klick/config/sound_pitch", "/klick/config/volume",
            "/klick/metro/type", "/klick/metro/active",
            "/klick/simple/tempo", "/klick/simple/tempo_increment", "/klick/simple/tempo_start", "/klick/simple/tempo_limit",
            "/klick/simple/current_tempo", "/klick/simple/meter", "/klick/simple/pattern",
        ])
        #expect(replies.allSatisfy { $0.to == me })
        #expect(replies[10].message.arguments == [.float(0)])  // stopped: current tempo 0, as klick
    }

    @Test("set_tempo changes the tempo; only registered clients hear the new value")
    func clients() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        #expect(try k.handle(OSCMessage("/klick/simple/set_tempo", [.float(132)]), from: me, target: t, now: 0) == [])
        #expect(t.state.milliBPM == 132_000)
        _ = try k.handle(OSCMessage("/klick/register_client", [.string(other.url)]), from: me, target: t, now: 0)
        #expect(try k.handle(OSCMessage("/klick/simple/set_tempo", [.int32(97)]), from: me, target: t, now: 0)
                == [OSCDelivery(to: other, OSCMessage("/klick/simple/tempo", [.float(97)]))])
        #expect(try k.handle(OSCMessage("/klick/simple/set_meter", [.int32(7), .int32(8)]), from: me, target: t, now: 0)
                == [OSCDelivery(to: other, OSCMessage("/klick/simple/meter", [.int32(7), .int32(8)]))])
        t.state.running = true
        #expect(k.changes(t.state) == [OSCDelivery(to: other, OSCMessage("/klick/simple/current_tempo", [.float(97)]))])
        #expect(k.changes(t.state) == [])
        _ = try k.handle(OSCMessage("/klick/unregister_client", [.string(other.url)]), from: me, target: t, now: 0)
        #expect(try k.handle(OSCMessage("/klick/simple/set_tempo", [.float(100)]), from: me, target: t, now: 0) == [])
    }

    @Test("where klick takes nonsense (tempo 0, NaN, meter 0/3), Woodshed refuses and changes nothing")
    func nonsense() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        #expect(throws: OSCRefusal("/klick/simple/set_tempo 0.0: the tempo must be 1–1000 BPM")) {
            try k.handle(OSCMessage("/klick/simple/set_tempo", [.float(0)]), from: me, target: t, now: 0)
        }
        #expect(throws: OSCRefusal("/klick/simple/set_tempo nan: the tempo must be 1–1000 BPM")) {
            try k.handle(OSCMessage("/klick/simple/set_tempo", [.float(.nan)]), from: me, target: t, now: 0)
        }
        #expect(throws: OSCRefusal("/klick/simple/set_meter 0 3: beats must be 1–64 and the denominator 1, 2, 4 … 64")) {
            try k.handle(OSCMessage("/klick/simple/set_meter", [.int32(0), .int32(3)]), from: me, target: t, now: 0)
        }
        #expect(t.commands.isEmpty && t.state.milliBPM == 120_000 && t.state.beats == 4)
        // wrong argument types are not klick's address at all (liblo's fallback: "unknown message")
        #expect(try k.handle(OSCMessage("/klick/simple/set_tempo", [.string("fast")]), from: me, target: t, now: 0) == nil)
        #expect(try k.handle(OSCMessage("/klick/simple/set_meter", [.int32(7)]), from: me, target: t, now: 0) == nil)
    }

    @Test("a tempo map is not klick's simple metronome: its functions are refused with klick's words")
    func mapType() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        t.state.metronomeType = "map"
        #expect(throws: OSCRefusal("/klick/simple/set_tempo: function not available for current metronome type")) {
            try k.handle(OSCMessage("/klick/simple/set_tempo", [.float(100)]), from: me, target: t, now: 0)
        }
        #expect(try k.handle(OSCMessage("/klick/map/query"), from: me, target: t, now: 0)?.map(\.message) == [
            OSCMessage("/klick/map/filename", [.string("")]), OSCMessage("/klick/map/preroll", [.int32(-1)]),
            OSCMessage("/klick/map/tempo_multiplier", [.float(1)]),
        ])
    }
}
