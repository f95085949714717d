import Foundation
import Testing
import WoodshedTestSupport

/// A meter change sent over OSC, in a bundle with a state query, heard on the recorded click port.
@Suite("OSC: a meter change heard from the next bar line", .serialized)
struct OSCMeterLiveTests {
    /// Sends one bundle — `/klick/simple/set_meter 3 4`, then `/woodshed/state` — to `port`,
    /// and prints the reply's `bar`, `beat` and `meter` fields (Python: liblo-tools' oscsend has
    /// no bundles).
    static let sender = #"""
    import socket, struct, sys
    def pad(b): return b + b"\0" * (4 - len(b) % 4)
    def msg(address, tags="", *args):
        return pad(address.encode()) + pad(("," + tags).encode()) + b"".join(struct.pack(">i", a) for a in args)
    elements = [msg("/klick/simple/set_meter", "ii", 3, 4), msg("/woodshed/state")]
    bundle = b"#bundle\0" + struct.pack(">Q", 1) + b"".join(struct.pack(">i", len(e)) + e for e in elements)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(3)
    s.sendto(bundle, ("127.0.0.1", int(sys.argv[1])))
    data = s.recvfrom(65536)[0]
    def string(at):
        end = data.index(b"\0", at)
        return data[at:end].decode(), (end // 4 + 1) * 4
    address, at = string(0)
    tags, at = string(at)
    values = []
    for t in tags[1:]:
        if t == "s": v, at = string(at)
        elif t == "i": v, at = struct.unpack(">i", data[at:at + 4])[0], at + 4
        elif t == "f": v, at = struct.unpack(">f", data[at:at + 4])[0], at + 4
        values.append(v)
    fields = dict(zip(values[0::2], values[1::2]))
    print(address, fields["bar"], fields["beat"], fields["meter"])
    """#

    @Test("4/4 at 120 BPM, set_meter 3 4 in a bundle: every click on the beat grid, accents every 4 beats up to a bar line, every 3 from it",
          .timeLimit(.minutes(3)))
    func meterAtTheBarLine() throws {
        let takes = 3
        for take in 1...takes {
            let server = try PrivateJackServer(rate: 48_000, period: 256)
            defer { server.stop() }
            let port = try OSCLive.freePort()
            let p = try Live.start(server, name: "oscmeter", ["120", "--osc", "\(port)", "--no-connect"])
            let wav = try E2E.tempDir().appendingPathComponent("rec.wav").path
            // The recorder first (its ports up), then the change at a moment well inside its 9 s:
            // not a wait for a state (the bar it lands in is read from the reply).
            let recorder = try JackRecording.start(server: server, client: "recoscmeter", ports: ["oscmeter:click"], seconds: 9, to: wav)
            defer { PrivateJackServer.terminate(recorder) }
            usleep(3_300_000)
            let reply = (try? E2E.run("python3", ["-c", Self.sender, "\(port)"]))?.stdout ?? "python3 failed"
            _ = PrivateJackServer.wait(timeout: 60) { !recorder.isRunning }
            let rec = try JackRecording(path: wav)
            #expect(PrivateJackServer.terminate(p) == 0)
            let out = server.output(of: p).stdout
            // The bundle's query came after the change, in the bar it arrived in: "/woodshed/state N B 3/4".
            let words = reply.split(separator: " ").map(String.init)
            try #require(words.count == 4 && words[0] == "/woodshed/state" && words[3] == "3/4\n", "reply: \(reply)")
            let bar = try #require(Int(words[1]))
            // The plain bar lines: the bar it arrived in is 4/4, the next one 3/4.
            #expect(out.contains("bar \(bar) · 120 BPM · 4/4 · "), "\(out)")
            #expect(out.contains("bar \(bar + 1) · 120 BPM · 3/4 · "), "\(out)")

            let L = 24_000  // a beat at 120 BPM, 48 kHz
            let found = try rec.recordedOnsets()
            let samples = try rec.samples()
            guard let first = found.first, found.count >= 12 else {
                print("take \(take): \(found.count) clicks recorded, recorder gaps \(rec.gaps.prefix(3)), woodshed: \(out.split(separator: "\n").last ?? ""); "
                      + (take == takes ? "the machine is too loaded to check the grid" : "recording again"))
                continue
            }
            // Every click recorded is on the beat grid, exactly: frame first + j·L for beat j (a
            // click of a cycle woodshed skipped is dropped, not late; one in a recorder gap is not seen).
            #expect(found.allSatisfy { ($0 - first) % L == 0 }, "onsets off the grid: \(found.map { $0 - first })")
            let beats = found.map { ($0 - first) / L }
            // Accents (peak 0.89) and plain beats (0.7), read from the first 10 ms of each click.
            let accented = Dictionary(uniqueKeysWithValues: zip(beats, found.map { o in samples[o..<min(o + 480, samples.count)].map(abs).max()! > 0.8 }))
            let a0 = try #require(beats.first { accented[$0]! }, "no accent: \(beats)")
            // The bar line B where 3/4 begins: accents every 4 beats from a0 before it, every 3 from it.
            let candidates = stride(from: a0 + 4, through: beats.last!, by: 4).filter { b in
                beats.allSatisfy { j in accented[j]! == (j < b ? (j - a0) % 4 == 0 : (j - b) % 3 == 0) }
            }
            #expect(candidates.count == 1, "bar lines that fit: \(candidates); accents at \(beats.filter { accented[$0]! }) of \(beats)")
            if let b = candidates.first {
                #expect(beats.filter { $0 < b }.count >= 4 && beats.filter { $0 >= b }.count >= 6, "too few beats either side of \(b): \(beats)")
                // The first 3/4 bar begins exactly on the 4/4 grid's bar line.
                #expect(found.contains(first + b * L) || !rec.isAudible(at: first + b * L))
            }
            return
        }
    }
}
