import Control
import Remote
import Testing

@Suite("klick's speed trainer: tempo increment, start and limit applied to the click as klick does")
struct KlickSpeedTrainerTests {
    let me = OSCPeer(host: "127.0.0.1", port: 5000)!

    /// The click heard beat `beat` of bar `bar`: the trainer's step at that refresh.
    func hear(_ k: inout KlickNamespace, _ t: FakeTarget, bar: Int64, beat: Int) -> Int64 {
        t.state.bar = bar
        t.state.beat = beat
        k.step(target: t, now: 0)
        return t.state.milliBPM
    }

    func send(_ k: inout KlickNamespace, _ t: FakeTarget, _ address: String, _ args: [OSCArgument] = []) throws {
        _ = try k.handle(OSCMessage(address, args), from: me, target: t, now: 0)
    }

    @Test("4 BPM a bar in 4/4: 1 BPM more after each beat but the first, and no further than the limit")
    func upToTheLimit() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        try send(&k, t, "/klick/simple/set_tempo_increment", [.float(4)])
        try send(&k, t, "/klick/simple/set_tempo_limit", [.float(123)])
        try send(&k, t, "/klick/metro/start")
        #expect(t.state.running && t.state.milliBPM == 120_000)
        let heard = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2)].map { hear(&k, t, bar: $0.0, beat: $0.1) }
        #expect(heard == [120_000, 121_000, 122_000, 123_000, 123_000, 123_000])
        #expect(t.commands.map(\.action) == [.start, .setTempo(milliBPM: 121_000), .setTempo(milliBPM: 122_000), .setTempo(milliBPM: 123_000)])
    }

    @Test("1 BPM a bar in 3/4 is exact: a third of a BPM a beat, 121.000 after three beats (not klick's float sum)")
    func exactThirds() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        t.state.beats = 3
        t.state.running = true
        try send(&k, t, "/klick/simple/set_tempo_increment", [.float(1)])
        #expect(hear(&k, t, bar: 4, beat: 1) == 120_000)  // armed mid-run: the next beat adds
        #expect(hear(&k, t, bar: 4, beat: 2) == 120_333)
        #expect(hear(&k, t, bar: 4, beat: 3) == 120_667)
        #expect(hear(&k, t, bar: 5, beat: 1) == 121_000)
        // a refresh that saw three beats at once adds three steps
        #expect(hear(&k, t, bar: 6, beat: 1) == 122_000)
    }

    @Test("a start tempo: metro/start begins there and the ramp stops at the tempo set; queries say both tempos")
    func fromStartToTempo() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        t.state.beats = 3
        try send(&k, t, "/klick/simple/set_tempo", [.float(104)])
        try send(&k, t, "/klick/simple/set_tempo_increment", [.float(6)])
        try send(&k, t, "/klick/simple/set_tempo_start", [.float(100)])
        try send(&k, t, "/klick/metro/start")
        #expect(t.state.milliBPM == 100_000)
        let heard = [(1, 1), (1, 2), (1, 3), (2, 1)].map { hear(&k, t, bar: $0.0, beat: $0.1) }
        #expect(heard == [100_000, 102_000, 104_000, 104_000])
        t.state.milliBPM = 102_000  // mid-ramp, for the query
        let replies = try #require(try k.handle(OSCMessage("/klick/simple/query"), from: me, target: t, now: 0))
        #expect(replies.map(\.message).prefix(5) == [
            OSCMessage("/klick/simple/tempo", [.float(104)]), OSCMessage("/klick/simple/tempo_increment", [.float(6)]),
            OSCMessage("/klick/simple/tempo_start", [.float(100)]), OSCMessage("/klick/simple/tempo_limit", [.float(0)]),
            OSCMessage("/klick/simple/current_tempo", [.float(102)]),
        ])
    }

    @Test("a negative increment slows down to the limit; a key's tempo change is where the ramp goes on from")
    func downAndAKey() throws {
        var k = KlickNamespace()
        let t = FakeTarget()
        t.state.beats = 3
        t.state.running = true
        try send(&k, t, "/klick/simple/set_tempo_increment", [.float(-3)])
        try send(&k, t, "/klick/simple/set_tempo_limit", [.float(118)])
        let heard = [(1, 1), (1, 2), (1, 3), (2, 1)].map { hear(&k, t, bar: $0.0, beat: $0.1) }
        #expect(heard == [120_000, 119_000, 118_000, 118_000])
        try send(&k, t, "/klick/simple/set_tempo_limit", [.float(0)])
        t.state.milliBPM = 140_000  // the ↑ key, say
        #expect(hear(&k, t, bar: 2, beat: 2) == 140_000)
        #expect(hear(&k, t, bar: 2, beat: 3) == 139_000)
        // stopped: nothing moves
        t.state.running = false
        #expect(hear(&k, t, bar: 3, beat: 1) == 139_000)
    }
}
