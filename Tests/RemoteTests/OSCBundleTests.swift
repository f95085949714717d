import Control
import Remote
import Testing

@Suite("OSC bundles: each message inside handled in order, now or at the bundle's time")
struct OSCBundleTests {
    let from = OSCPeer(host: "127.0.0.1", port: 4242)!

    @Test("a bundle's bytes: header, NTP time tag, sized elements; sizes that do not add up are refused")
    func bytes() throws {
        let ping = OSCMessage("/klick/ping").encoded()
        let b = OSCBundle(timeTag: 0x83AA_7E80_8000_0000, elements: [ping])
        #expect(b.encoded() == Array("#bundle\0".utf8) + [0x83, 0xAA, 0x7E, 0x80, 0x80, 0, 0, 0, 0, 0, 0, 16] + ping)
        #expect(try OSCBundle(decoding: b.encoded()) == b)
        #expect(b.unixTime == 0.5)  // 1970-01-01 00:00:00.5
        #expect(OSCBundle.timeTag(unixTime: 0.5) == 0x83AA_7E80_8000_0000)
        #expect(OSCBundle(elements: []).unixTime == nil)
        #expect(throws: OSCDecodeError.malformedBundle("an element of 20 bytes at byte 16 of 36")) {
            try OSCBundle(decoding: Array(b.encoded()[0..<16]) + [0, 0, 0, 20] + ping)
        }
        #expect(throws: OSCDecodeError.malformedBundle("shorter than its header")) { try OSCBundle(decoding: Array("#bundle\0".utf8)) }
    }

    @Test("an immediate bundle: tempo, meter, then a query, in that order; the query sees both")
    func immediate() throws {
        let server = try OSCServer(port: 0) { _ in }
        let t = FakeTarget()
        let bundle = OSCBundle(elements: [
            OSCMessage("/klick/simple/set_tempo", [.float(132)]).encoded(),
            OSCMessage("/klick/simple/set_meter", [.int32(7), .int32(8)]).encoded(),
            OSCMessage("/klick/simple/query").encoded(),
        ])
        let replies = server.handle(bundle.encoded(), from: from, target: t, now: 0)
        #expect(t.commands.map(\.action) == [.setTempo(milliBPM: 132_000), .setMeter(beats: 7, denominator: 8)])
        #expect(replies.map(\.message).first == OSCMessage("/klick/simple/tempo", [.float(132)]))
        #expect(replies.map(\.message).dropLast().last == OSCMessage("/klick/simple/meter", [.int32(7), .int32(8)]))
        #expect(server.handled == 3 && server.ignored == 0)
    }

    @Test("a bundle for later waits until a refresh at or after its time; a bad element inside is ignored alone")
    func later() throws {
        var clock = 1_000.0
        var warnings: [String] = []
        let server = try OSCServer(port: 0, wallClock: { clock }) { warnings.append($0) }
        let t = FakeTarget()
        let later = OSCBundle(timeTag: OSCBundle.timeTag(unixTime: 1_000.25), elements: [
            OSCMessage("/woodshed/tempo-set", [.float(90)]).encoded(), Array("/bad\0\0\0\0,i\0\0".utf8),
            OSCMessage("/woodshed/start").encoded(),
        ])
        #expect(server.handle(later.encoded(), from: from, target: t, now: 0) == [])
        #expect(server.pending.count == 1 && t.commands.isEmpty)
        clock = 1_000.2
        server.refresh(target: t, now: 0)
        #expect(t.commands.isEmpty)
        clock = 1_000.25
        server.refresh(target: t, now: 0)
        #expect(t.commands.map(\.action) == [.setTempo(milliBPM: 90_000), .start])
        #expect(server.pending.isEmpty && server.handled == 2 && server.ignored == 1)
        #expect(warnings == ["Warning: OSC: ignored 12 bytes from 127.0.0.1:4242: a malformed OSC message (liblo error 9912) (1 ignored so far)"])
        // a time tag already past: at once
        let past = OSCBundle(timeTag: OSCBundle.timeTag(unixTime: 999), elements: [OSCMessage("/woodshed/stop").encoded()])
        _ = server.handle(past.encoded(), from: from, target: t, now: 0)
        #expect(t.commands.map(\.action).last == .stop)
    }
}
