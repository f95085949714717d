import Remote
import Testing

/// Hex as klick 0.12.2 (liblo 0.31) sent these replies, captured with a UDP socket.
func hex(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    var i = s.startIndex
    while i < s.endIndex {
        let j = s.index(i, offsetBy: 2)
        out.append(UInt8(s[i..<j], radix: 16)!)
        i = j
    }
    return out
}

@Suite("OSC messages are encoded byte for byte as klick sends them, and bad packets are refused")
struct OSCMessageTests {
    @Test("klick's replies: the same bytes")
    func klickBytes() {
        #expect(OSCMessage("/klick/pong").encoded() == hex("2f6b6c69636b2f706f6e67002c000000"))
        #expect(OSCMessage("/klick/simple/meter", [.int32(7), .int32(8)]).encoded()
                == hex("2f6b6c69636b2f73696d706c652f6d65746572002c6969000000000700000008"))
        #expect(OSCMessage("/klick/simple/tempo", [.float(132)]).encoded() == hex("2f6b6c69636b2f73696d706c652f74656d706f002c66000043040000"))
        #expect(OSCMessage("/klick/simple/pattern", [.string("X..x.x.")]).encoded()
                == hex("2f6b6c69636b2f73696d706c652f7061747465726e0000002c730000582e2e782e782e00"))
        #expect(OSCMessage("/klick/simple/pattern", [.string("")]).encoded()
                == hex("2f6b6c69636b2f73696d706c652f7061747465726e0000002c73000000000000"))
    }

    @Test("decoding gives back address, types and values")
    func roundTrip() throws {
        let m = OSCMessage("/woodshed/tempo-set", [.double(97.5), .string("x"), .int32(-3), .float(1.5), .int64(1 << 40)])
        let back = try OSCMessage(decoding: m.encoded())
        #expect(back == m)
        #expect(back.typeTags == "dsifh")
    }

    @Test("truncated, bundled, unaddressed and empty packets are refused with their reason")
    func refused() {
        let good = OSCMessage("/klick/simple/set_tempo", [.float(120)]).encoded()
        #expect(throws: OSCDecodeError.empty) { try OSCMessage(decoding: []) }
        #expect(throws: OSCDecodeError.bundle) { try OSCMessage(decoding: Array("#bundle\0".utf8) + [0, 0, 0, 0, 0, 0, 0, 1]) }
        #expect(throws: OSCDecodeError.notAnAddress) { try OSCMessage(decoding: Array("hello".utf8)) }
        for cut in [good.count - 1, good.count - 4, 5] {
            #expect(throws: OSCDecodeError.self) { try OSCMessage(decoding: Array(good.prefix(cut))) }
        }
        // a type tag promising more arguments than the packet holds
        let lying = Array("/klick/simple/set_meter\0,ii\0".utf8) + [0, 0, 0, 7]
        #expect(throws: OSCDecodeError.self) { try OSCMessage(decoding: lying) }
        #expect(OSCDecodeError.bundle.description == "an OSC bundle (send single messages)")
    }

    @Test("10,000 mutated packets: each decodes or is refused, none crashes (the decoder's fuzz run)")
    func fuzz() {
        var seed: UInt64 = 0x5EED_0F05
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let seeds = [
            OSCMessage("/klick/simple/set_meter", [.int32(7), .int32(8)]).encoded(),
            OSCMessage("/woodshed/preset", [.string("ballad")]).encoded(),
            OSCMessage("/klick/simple/tap", [.double(1.5)]).encoded(),
        ]
        var decoded = 0, refused = 0
        for i in 0..<10_000 {
            var p = seeds[i % seeds.count]
            for _ in 0..<(1 + Int(next() % 4)) {
                switch next() % 3 {
                case 0: p[Int(next() % UInt64(p.count))] = UInt8(truncatingIfNeeded: next())
                case 1: p = Array(p.prefix(Int(next() % UInt64(p.count + 1))))
                default: p.append(UInt8(truncatingIfNeeded: next()))
                }
                if p.isEmpty { p = [0x2F] }
            }
            if (try? OSCMessage(decoding: p)) != nil { decoded += 1 } else { refused += 1 }
        }
        #expect(decoded + refused == 10_000)
        #expect(decoded > 0 && refused > 0)
    }
}
