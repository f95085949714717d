import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed calibrate` against a loopback made by `hit_performer --delay N` (Tests/Tools) on a
/// private JACK server: the round trip found to the frame, JACK's latency API shown beside it,
/// the calibration saved per server and interface; nothing saved without a loopback or on Ctrl-C.
@Suite("woodshed calibrate: a loopback delayed by N frames", .serialized)
struct CalibrateTests {
    static func calibrate(_ server: PrivateJackServer, config: String, _ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try server.run("/usr/bin/env", ["XDG_CONFIG_HOME=\(config)", E2E.woodshed, "calibrate", "--jack-name", "wscal"] + args, timeout: 120)
    }

    /// Starts `hit_performer -n NAME --delay N --declared M` and waits for its ports.
    static func loopback(_ server: PrivateJackServer, _ name: String, delay: Int, declared: Int) throws -> Process {
        try JackRecording.buildTools.get()
        let p = try server.spawn(JackRecording.hitPerformer, ["-n", name, "--delay", "\(delay)", "--declared", "\(declared)"])
        guard PrivateJackServer.wait(timeout: 10, until: { server.ports().contains("\(name):out") }) else {
            throw JackToolError("hit_performer did not come up: \(server.output(of: p))")
        }
        return p
    }

    @Test("N = 1000 and 1537 (not a multiple of the 256-frame period) found exactly, as JACK's latency API says on woodshed:in; 700 delayed but 500 declared: 200 extra; each saved")
    func delays() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let config = try E2E.tempDir().path
        var saved: [String] = []
        for (name, n, declared) in [("dly1000", 1000, 1000), ("dly1537", 1537, 1537), ("dly700", 700, 500)] {
            let d = try Self.loopback(server, name, delay: n, declared: declared)
            defer { PrivateJackServer.terminate(d) }
            let r = try Self.calibrate(server, config: config, ["--input", "\(name):out", "--output", "\(name):in"])
            #expect(r.status == 0, "\(r)")
            let ms = { (f: Int) in String(format: "%.3f", Double(f) / 48) }
            #expect(r.stdout == """
                loopback: wscal:calibrate → \(name):in … \(name):out → wscal:in (server '\(server.name)', interface '\(name)', 48000 Hz, period 256)
                round trip: \(n) frames (\(ms(n)) ms)
                  (measured \(n + 256): the loop runs through a JACK client, which JACK runs one period, 256 frames, late; taken off)
                JACK latency API: \(declared) frames (\(ms(declared)) ms): capture \(declared) on wscal:in (the client's loop, counted once)
                extra latency JACK does not know: \(n - declared) frames (\(ms(n - declared)) ms)
                saved in \(config)/woodshed/calibration.json

                """, "\(r.stderr)")
            saved.append("\"server\": \"\(server.name)\", \"interface\": \"\(name)\", \"capturePort\": \"\(name):out\", \"playbackPort\": \"\(name):in\", "
                         + "\"rate\": 48000, \"period\": 256, \"roundTripFrames\": \(n), \"jackFrames\": \(declared), \"extraFrames\": \(n - declared)")
        }
        let file = try String(contentsOfFile: "\(config)/woodshed/calibration.json", encoding: .utf8)
        let lines = file.split(separator: "\n").filter { $0.contains("\"server\"") }
        #expect(lines.count == 3, "\(file)")
        for (line, expected) in zip(lines, saved) { #expect(line.contains(expected), "\(line)") }
    }

    @Test("no loopback between system:playback_1 and system:capture_1: one line, status 1, nothing saved; a missing port is named")
    func noLoopback() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let config = try E2E.tempDir().path
        let r = try Self.calibrate(server, config: config, ["--input", "system:capture_1", "--output", "system:playback_1"])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: no signal came back on wscal:in from system:capture_1 within 1 s: connect a loopback from system:playback_1 to system:capture_1 (a cable, level up); nothing saved\n")
        let missing = try Self.calibrate(server, config: config, ["--input", "nosuch:out"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: no JACK port 'nosuch:out' (--input); the ports are listed by jack_lsp; nothing saved\n")
        #expect(!FileManager.default.fileExists(atPath: "\(config)/woodshed/calibration.json"))
    }

    @Test("Ctrl-C during the measurement: one line, status 1, the saved calibrations as they were")
    func interrupted() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let config = try E2E.tempDir().path
        let before = Data("{\n  \"schemaVersion\": 1,\n  \"calibrations\": []\n}\n".utf8)
        try FileManager.default.createDirectory(atPath: "\(config)/woodshed", withIntermediateDirectories: true)
        try before.write(to: URL(fileURLWithPath: "\(config)/woodshed/calibration.json"))
        let d = try Self.loopback(server, "dlyint", delay: 1000, declared: 1000)
        defer { PrivateJackServer.terminate(d) }
        // The signal goes nowhere that comes back: the measurement waits its full second.
        let p = try server.spawn("/usr/bin/env", ["XDG_CONFIG_HOME=\(config)", E2E.woodshed, "calibrate", "--jack-name", "wscal",
                                                  "--input", "dlyint:out", "--output", "system:playback_1"])
        // Its port is there before the measurement starts (and the quit signals are caught from
        // the start): the interruption lands before the measurement's second is over.
        #expect(PrivateJackServer.wait(timeout: 20) { server.ports().contains("wscal:calibrate") }, "\(server.output(of: p))")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(server.output(of: p).stderr == "Error: interrupted; nothing was saved\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(config)/woodshed/calibration.json")) == before)
    }
}
