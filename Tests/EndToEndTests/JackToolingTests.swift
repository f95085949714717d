import Foundation
import Testing
import WoodshedTestSupport

/// The JACK test tools, proved against a peer we trust (klick 0.12.2 from Debian) before they
/// judge woodshed. Each test has its own private server, so they run in parallel.
@Suite("JACK test tools: private servers and frame-time recordings")
struct JackToolingTests {
    /// klick counts process callbacks, so a cycle it misses (an xrun: frequent with
    /// `--no-realtime` on a busy or virtual machine) moves every later click one period late
    /// against server time. Between xruns it must be exact; spacings that span an xrun are
    /// reported, not judged. Every gap in the recording must be explained by an xrun.
    @Test("klick at 120 BPM on a period-256 server, recorded at server frame time, clicks every 24000 frames")
    func klickIsExact() throws {
        let server = try PrivateJackServer(period: 256)
        let name = "klick-\(server.name)"
        // No -P: klick then leaves its port unconnected.
        let klick = try server.spawn("klick", ["-n", name, "120"])
        defer { PrivateJackServer.terminate(klick) }
        let port = "\(name):out"
        let appeared = PrivateJackServer.wait(timeout: 10) { server.ports().contains(port) }
        try #require(appeared, "klick's port never appeared: \(server.output(of: klick).stderr)")

        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for attempt in 1...3 {
            let rec = try JackRecording.record(server: server, ports: [port], seconds: 10,
                                               to: dir.appendingPathComponent("klick-\(attempt).wav").path)
            let s = try KlickSpacing(rec)
            print("klick, period 256, attempt \(attempt): \(s.onsets.count) onsets, \(s.clean.count) spacings clear of xruns "
                  + "(\(Set(s.clean).sorted()) frames), xruns \(rec.xruns) at \(rec.xrunFrames), gaps \(rec.gaps), "
                  + "spacings across xruns \(s.disturbed)")
            if s.clean.count < 10 && attempt < 3 { continue }  // too busy to judge: try again

            #expect(rec.rate == 48000 && rec.period == 256 && rec.frames == 480_000)
            #expect(s.unexplainedGaps.isEmpty, "gaps without an xrun: \(s.unexplainedGaps)")
            #expect(rec.xruns > 0 || rec.isFullyRecorded(0..<rec.frames), "gaps: \(rec.gaps)")
            #expect(s.onsets.count >= 19, "onsets: \(s.onsets)")
            #expect(s.clean.count >= 10, "only \(s.clean.count) spacings clear of xruns")
            #expect(s.clean.allSatisfy { $0 == 24000 }, "spacings: \(s.clean)")
            break
        }
    }

    @Test("stop() ends jackd by its PID, and restart() brings the same server back")
    func stopAndRestart() throws {
        let server = try PrivateJackServer()
        let first = server.pid
        #expect(first > 0)
        #expect(kill(first, 0) == 0)

        server.stop()
        #expect(kill(first, 0) == -1 && errno == ESRCH, "jackd \(first) is still there")
        #expect(server.pid == 0)
        #expect(try server.run("jack_lsp", []).status != 0)
        server.stop()  // idempotent

        try server.restart()
        #expect(server.pid > 0 && server.pid != first)
        let r = try server.run("jack_lsp", [])
        #expect(r.status == 0 && r.stdout.contains("system:playback_1"), "\(r)")
    }

    /// jackd's registry has room for 8 servers, and the entry of a killed jackd is freed only by
    /// a later server of the same name. With a fresh name per server, 8 kills filled it and every
    /// later server failed with "too many servers already active" (a CI run lost 16 checks so).
    @Test("twelve servers killed with SIGKILL in a row: the next ones still start (killed servers' registry entries are reclaimed)")
    func killedServersDoNotFillTheRegistry() throws {
        var names = Set<String>()
        for _ in 0..<12 {
            let server = try PrivateJackServer()
            names.insert(server.name)
            let pid = server.pid
            #expect(kill(pid, SIGKILL) == 0)
            #expect(PrivateJackServer.wait(timeout: 10) { kill(pid, 0) == -1 })
        }
        #expect(names.count <= ServerSlot.count, "\(names.sorted())")
        let server = try PrivateJackServer()
        let r = try server.run("jack_lsp", [])
        #expect(r.status == 0 && r.stdout.contains("system:playback_1"), "\(r)")
    }

    @Test("servers are private: a client on one is invisible on another, and the recorder names a missing port")
    func serversArePrivate() throws {
        try JackRecording.buildTools.get()
        let a = try PrivateJackServer(), b = try PrivateJackServer()
        #expect(a.name != b.name)
        let empty = try a.spawn(JackRecording.emptyClient, ["-n", "empty"])
        #expect(PrivateJackServer.wait(timeout: 10) { a.ports().contains("empty:out") })
        #expect(!b.ports().contains("empty:out"))

        let r = try b.run(JackRecording.frameRecorder, ["-o", "/dev/null", "-s", "1", "empty:out"])
        #expect(r.status != 0 && r.stderr.contains("no output port named \"empty:out\""), "\(r)")

        // Two ports, two channels: the dummy driver's capture port is silent.
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rec = try JackRecording.record(server: a, ports: ["system:capture_1", "empty:out"], seconds: 0.5,
                                           to: dir.appendingPathComponent("two.wav").path)
        #expect(rec.frames == 24000 && rec.period == 64)
        #expect(try rec.samples(channel: 0) == [Float](repeating: 0, count: 24000))
        #expect(try rec.samples(channel: 1).count == 24000)
        #expect(throws: JackToolError.self) { try rec.samples(channel: 2) }
        #expect(PrivateJackServer.terminate(empty) == 0)
    }
}

/// klick's onsets in a recording, their spacings sorted by whether an xrun or gap lies near.
struct KlickSpacing {
    /// Onsets, without a click cut by the start of the recording.
    var onsets: [Int]
    /// Spacings of consecutive onsets with no xrun report or gap within `margin` of either.
    var clean: [Int] = []
    /// (onset, spacing to the next) for the other pairs.
    var disturbed: [[Int]] = []
    /// Gaps with no xrun reported within `margin`.
    var unexplainedGaps: [Range<Int>]

    /// 50 ms: xrun notifications arrived 260-270 frames after the missed cycle here.
    static let margin = 2400

    init(_ rec: JackRecording) throws {
        let m = Self.margin
        var found = WoodshedTestSupport.onsets(try rec.samples())
        if let first = found.first, first < 96 { found.removeFirst() }  // began mid-click
        onsets = found
        unexplainedGaps = rec.gaps.filter { g in !rec.xrunFrames.contains { (g.lowerBound - m)...(g.upperBound + m) ~= $0 } }
        for (a, b) in zip(found, found.dropFirst()) {
            let span = (a - m)..<(b + m)
            let near = rec.xrunFrames.contains { span ~= $0 } || rec.gaps.contains { $0.overlaps(span) }
            if near { disturbed.append([a, b - a]) } else { clean.append(b - a) }
        }
    }
}
