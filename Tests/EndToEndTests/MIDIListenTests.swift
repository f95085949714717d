import Foundation
import Testing
import WoodshedTestSupport

/// `midi monitor` and `midi learn` against a real JACK server: the message sent to midi_in is
/// shown (or learned) while the command runs, and the time limits end them.
@Suite("midi monitor and midi learn on a real JACK server", .serialized)
struct MIDIListenTests {
    private func spawn(_ server: PrivateJackServer, _ args: [String], name: String) throws -> (Process, URL) {
        let state = try E2E.tempDir()
        let p = try server.spawn("/usr/bin/env", ["XDG_STATE_HOME=\(state.path)", "XDG_CONFIG_HOME=\(state.path)", E2E.woodshed, "midi"]
                                 + args + ["--jack-name", name])
        let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("\(name):midi_in") }
        if !up { throw JackToolError("woodshed did not come up: \(server.output(of: p))") }
        return (p, state)
    }

    @Test("monitor --for 3s: a note sent to midi_in is shown with its action while it runs; it ends by itself at 3 s",
          .timeLimit(.minutes(2)))
    func monitorShowsAMessage() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let started = Date()
        let (p, state) = try spawn(server, ["monitor", "--for", "3s"], name: "wsmon")
        defer { try? FileManager.default.removeItem(at: state); PrivateJackServer.terminate(p) }
        _ = try MIDIPeers.send(server: server, to: "wsmon:midi_in", events: [(frame: 0, bytes: [0x90, 62, 100])], lead: 4_800)
        let shown = PrivateJackServer.wait(timeout: 2) { server.output(of: p).stdout.contains("note-on 62 vel 100") }
        #expect(shown, "\(server.output(of: p))")
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        // A hang guard, not a speed: it ends at 3 s of its own clock, about 3.5 s from the spawn here.
        print(String(format: "MIDIListenTests: monitor --for 3s ended %.2f s after the spawn", Date().timeIntervalSince(started)))
        #expect(Date().timeIntervalSince(started) < 35)
        let lines = server.output(of: p).stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("woodshed midi monitor: map ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" · listening on wsmon:midi_in · Ctrl-C stops") == true, "\(lines)")
        let note = try #require(lines.firstIndex { $0.hasSuffix("\tch 1 note-on 62 vel 100") }, "\(lines)")
        #expect(lines.count > note + 1 && lines[note + 1].hasPrefix("\t→ "), "\(lines)")
    }

    @Test("learn tap: the note sent is learned and saved; with nothing sent, --timeout 1s ends it with one line and exit 1",
          .timeLimit(.minutes(2)))
    func learnSavesAndTimesOut() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let (p, state) = try spawn(server, ["learn", "tap", "--timeout", "20s"], name: "wslearn")
        defer { try? FileManager.default.removeItem(at: state); PrivateJackServer.terminate(p) }
        let map = state.appendingPathComponent("woodshed/midi-map.json").path
        _ = try MIDIPeers.send(server: server, to: "wslearn:midi_in", events: [(frame: 0, bytes: [0x90, 64, 90])], lead: 4_800)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(server.output(of: p))")
        #expect(server.output(of: p).stdout.contains("learned: ch 1 note-on 64 vel 90 → "), "\(server.output(of: p))")
        #expect(try String(contentsOfFile: map, encoding: .utf8).contains("\"tap\""))

        let started = Date()
        let (q, state2) = try spawn(server, ["learn", "tap", "--timeout", "1s"], name: "wslate")
        defer { try? FileManager.default.removeItem(at: state2); PrivateJackServer.terminate(q) }
        q.waitUntilExit()
        #expect(q.terminationStatus == 1)
        // A hang guard, not a speed: 1 s of its own clock, about 1.5 s from the spawn here.
        print(String(format: "MIDIListenTests: learn --timeout 1s ended %.2f s after the spawn", Date().timeIntervalSince(started)))
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(server.output(of: q).stderr.contains("Error: no MIDI message arrived within 1s; nothing was saved"), "\(server.output(of: q))")
    }
}
