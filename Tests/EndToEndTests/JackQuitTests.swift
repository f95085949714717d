import Foundation
import Testing
import WoodshedTestSupport

@Suite("Quitting while the JACK server stops", .serialized)
struct JackQuitTests {
    /// Seconds after which a woodshed still running counts as hung: well over 10× the median
    /// quit measured here (docs/proof.md). That quitting is bounded by 1 s is shown on the
    /// control loop's manual clock (LiveEngineTests), not by wall time on a loaded machine.
    static let hangGuard = 6.0

    @Test("SIGTERM to woodshed and SIGTERM or SIGKILL to jackd at the same moment, 10 times, half after a reconnect: every exit (a hang guard of 6 s; the 1 s bound is counted in LiveEngineTests); then a new server of the same name works")
    func quitWhileServerStops() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        var exits: [String] = []
        for i in 0..<10 {
            let reconnect = i >= 5
            let jackdSignal = i % 2 == 0 ? SIGTERM : SIGKILL
            // Click, and noise (ports music_L and music_R) once each way.
            let noise = i == 2 || i == 7
            let name = "wsquit"
            let args = noise ? ["noise", "brown"] : ["click", "120"]
            let port = "\(name):\(noise ? "music_L" : "click")"
            let p = try server.spawn(E2E.woodshed, args + ["--no-connect", "--jack-name", name])
            defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
            let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains(port) }
            try #require(up, "woodshed \(args[0]) did not come up: \(server.output(of: p))")
            if reconnect {
                try server.restart()
                let back = PrivateJackServer.wait(timeout: 10) { server.ports().contains(port) }
                try #require(back, "woodshed \(args[0]) did not reconnect: \(server.output(of: p))")
            }
            usleep(200_000)  // a few cycles of rendering
            let jackd = server.pid
            try #require(jackd > 0)
            let signalled = Date()
            kill(p.processIdentifier, SIGTERM)
            kill(jackd, jackdSignal)
            _ = PrivateJackServer.wait(timeout: Self.hangGuard + 1) { !p.isRunning }
            let seconds = Date().timeIntervalSince(signalled)
            let run = "run \(i + 1) (\(args[0]), \(reconnect ? "after a reconnect" : "first server"), jackd \(jackdSignal == SIGTERM ? "SIGTERM" : "SIGKILL"))"
            exits.append("\(run): \(String(format: "%.3f", seconds)) s")
            // A hang guard, not a speed: the bound of 1 s is counted in LiveEngineTests
            // (quitKeyAtOnce); the median here is printed below and in docs/proof.md.
            #expect(!p.isRunning && seconds < Self.hangGuard, "\(run): woodshed still ran \(String(format: "%.3f", seconds)) s after SIGTERM: \(server.output(of: p))")
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(run): \(server.output(of: p))")
            // jackd may take 5 s to answer a deactivation it can no longer run: not woodshed's
            // time, so the test does not wait for it.
            _ = PrivateJackServer.wait(timeout: 1) { kill(jackd, 0) != 0 }
            if kill(jackd, 0) == 0 { kill(jackd, SIGKILL) }
            try server.restart()
        }
        print("JackQuitTests: \(exits.joined(separator: "; "))")
        // The server under the same name takes clients, and no client of ours is left on it.
        let ports = server.ports()
        #expect(ports.contains("system:playback_1"), "\(ports)")
        #expect(!ports.contains { $0.hasPrefix("wsquit:") }, "\(ports)")
        let lsp = try server.run("jack_lsp", ["-s", server.name], timeout: 10)
        #expect(lsp.status == 0 && lsp.stdout.contains("system:capture_1"), "\(lsp)")
        Self.removeClientFutex(of: server)
    }

    @Test("a plain run whose reader is gone (`woodshed click | head -1`) ends as with q: status 0, the session saved, no crash")
    func readerGone() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let state = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: state) }
        // libjack ignores SIGPIPE, so the next bar's line meets EPIPE (a bar is 2 s at 120 BPM).
        let script = "XDG_STATE_HOME=\"$1\" XDG_CONFIG_HOME=\"$1\" \"$2\" click 120 --for 20s --no-connect --jack-name wsquit | head -1; "
            + "echo \"status ${PIPESTATUS[0]}\""
        let started = Date()
        let run = try server.run("/bin/bash", ["-c", script, "bash", state.path, E2E.woodshed], timeout: 30)
        let seconds = Date().timeIntervalSince(started)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("woodshed click: 120 BPM 4/4 · JACK"), "\(run)")
        #expect(lines.last == "status 0", "\(run)")
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("crashed"), "\(run.stderr)")
        #expect(seconds < 10, "woodshed ran \(seconds) s after its reader was gone (--for 20s)")
        let saved = state.appendingPathComponent("woodshed/last-click.json")
        #expect(FileManager.default.fileExists(atPath: saved.path), "nothing saved under \(state.path)")
    }

    @Test("a jackd stopped at the same moment as woodshed still shuts down cleanly (3 times): its own futex files are removed, as they are by a clean exit only")
    func serverStopsCleanly() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        // jackd removes the futex files of its own clients (system, freewheel) when it exits
        // cleanly; jackd 1.9.21 dies of SIGPIPE instead when a client it still writes to is gone.
        let systemFutex = "/dev/shm/jack_sem.\(getuid())_\(server.name)_system"
        for run in 1...3 {
            let p = try server.spawn(E2E.woodshed, ["click", "120", "--no-connect", "--jack-name", "wsquit"])
            defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
            let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsquit:click") }
            try #require(up, "woodshed click did not come up: \(server.output(of: p))")
            usleep(200_000)
            let jackd = server.pid
            try #require(jackd > 0 && FileManager.default.fileExists(atPath: systemFutex))
            let signalled = Date()
            kill(p.processIdentifier, SIGTERM)
            kill(jackd, SIGTERM)
            _ = PrivateJackServer.wait(timeout: Self.hangGuard + 1) { !p.isRunning }
            let quit = Date().timeIntervalSince(signalled)
            #expect(!p.isRunning && quit < Self.hangGuard, "run \(run): \(server.output(of: p))")
            // jackd takes up to 5 s (10 × its client timeout) for a deactivation it cannot run.
            let ended = PrivateJackServer.wait(timeout: 10) { kill(jackd, 0) != 0 }
            #expect(ended, "run \(run): jackd still runs 10 s after SIGTERM")
            #expect(!FileManager.default.fileExists(atPath: systemFutex), "run \(run): jackd did not exit cleanly: \(systemFutex) is left")
            print("JackQuitTests: clean stop run \(run): woodshed \(String(format: "%.3f", quit)) s, jackd \(String(format: "%.3f", Date().timeIntervalSince(signalled))) s")
            try server.restart()
        }
        Self.removeClientFutex(of: server)
    }

    /// A jackd that is killed, or cannot remove a client it could not deactivate, leaves the
    /// 12-byte futex file it made for the client (the next server of that name reuses it).
    /// The test's own client's is removed.
    static func removeClientFutex(of server: PrivateJackServer) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        where file.hasPrefix("jack_sem.") && file.hasSuffix("_\(server.name)_wsquit") {
            try? FileManager.default.removeItem(atPath: "/dev/shm/\(file)")
        }
    }
}
