import Foundation
import Testing
import WoodshedTestSupport

/// The next surface is cheap: `pipe-surface` (Tests/Tools/PipeSurface, a few dozen lines that
/// touch no other module) registers a surface and runs `woodshed click` with it on a private
/// JACK server. Its `tempo-set 133` changes the click the server records; the states it is
/// shown say so; its `quit` ends the run as `q` does.
@Suite("A surface defined in a test target alone drives a real click", .serialized)
struct PipeSurfaceTests {
    static var tool: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("pipe-surface").path
    }

    @Test("tempo-set 133 from the pipe: the states shown go to 133, the recorded clicks move from 24 000 to 21 654/21 655 frames apart; quit ends it",
          .timeLimit(.minutes(2)))
    func tempoFromAPipe() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-surface-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("commands").path, states = dir.appendingPathComponent("states").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let p = try server.spawn("/usr/bin/env", ["XDG_STATE_HOME=\(dir.path)", "XDG_CONFIG_HOME=\(dir.path)", Self.tool, fifo, states, "--",
                                                  "click", "120", "--no-connect", "--jack-name", "wspipe"])
        defer { PrivateJackServer.terminate(p) }
        try #require(PrivateJackServer.wait(timeout: 10) { server.ports().contains("wspipe:click") }, "\(server.output(of: p))")
        let wav = dir.appendingPathComponent("click.wav").path
        let recorder = try JackRecording.start(server: server, client: "recpipe", ports: ["wspipe:click"], seconds: 6, to: wav)
        func read() -> String { (try? String(contentsOfFile: states, encoding: .utf8)) ?? "" }
        // Two beats at 120 first, then the surface's command.
        #expect(PrivateJackServer.wait(timeout: 10) { read().contains("tempo 120 · running 1 · bar 1.3") }, "states: \(read())")
        let writer = open(fifo, O_WRONLY)
        try #require(writer >= 0)
        defer { close(writer) }
        _ = "tempo-set 133\n".withCString { write(writer, $0, strlen($0)) }
        #expect(PrivateJackServer.wait(timeout: 5) { read().contains("tempo 133 · running 1") }, "states: \(read())")
        recorder.waitUntilExit()
        let recording = try JackRecording(path: wav)
        let onsets = try recording.recordedOnsets()
        let gaps = zip(onsets.dropFirst(), onsets).map { $0 - $1 }
        #expect(gaps.first == 24_000 || gaps.contains(24_000), "gaps \(gaps)")
        let changed = try #require(gaps.firstIndex { $0 != 24_000 }, "the tempo never changed: gaps \(gaps)")
        // The beat across the change is a phase-continuous mix; every one after it is at 133 BPM.
        #expect(gaps.count - changed >= 4 && gaps[(changed + 1)...].allSatisfy { $0 == 21_654 || $0 == 21_655 }, "gaps \(gaps)")
        _ = "quit\n".withCString { write(writer, $0, strlen($0)) }
        #expect(PrivateJackServer.wait(timeout: 5) { !p.isRunning }, "pipe-surface did not quit: \(server.output(of: p))")
        #expect(p.terminationStatus == 0, "\(server.output(of: p))")
        #expect(server.output(of: p).stdout.contains(" · 133 BPM · 4/4 · "), "\(server.output(of: p).stdout)")
    }
}
