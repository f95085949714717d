import Foundation
import Glibc
import Testing
import WoodshedTestSupport

/// `woodshed noise … --until HH:MM:SS` on a private JACK server: it plays until that time and
/// rings the alarms meanwhile.
@Suite("woodshed noise --until: noise until a time, with the alarms", .serialized)
struct NoiseUntilTests {
    /// One run: its own config and a short runtime folder (socket paths), a private JACK server,
    /// and `woodshed noise brown --until` a time `untilIn` seconds from now, up. Test thread.
    final class Run {
        let dir: URL, runtime: URL
        let env: [String: String]
        let server: PrivateJackServer
        let noise: Process
        let until: (text: String, at: Double)

        init(untilIn seconds: Double) throws {
            dir = try E2E.tempDir()
            var template = Array("/tmp/ws-until-XXXXXX".utf8CString)
            runtime = URL(fileURLWithPath: String(cString: try #require(mkdtemp(&template))))
            env = ["XDG_CONFIG_HOME": dir.path, "XDG_RUNTIME_DIR": runtime.path, "TZ": "UTC"]
            server = try PrivateJackServer(rate: 48_000, period: 256)
            until = NoiseUntilTests.clockTime(in: seconds)
            noise = try server.spawn("/usr/bin/env", env.map { "\($0.key)=\($0.value)" }
                                     + [E2E.woodshed, "noise", "brown", "--until", until.text, "--no-connect", "--jack-name", "wsuntil"])
            let up = PrivateJackServer.wait(timeout: 10) { [server] in server.ports().contains("wsuntil:music_L") }
            try #require(up, "woodshed noise did not come up: \(server.output(of: noise))")
        }

        deinit {
            PrivateJackServer.terminate(noise)
            server.stop()
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: runtime)
        }
    }

    /// `HH:MM:SS` in UTC, `seconds` from now (whole seconds, rounded up).
    static func clockTime(in seconds: Double) -> (text: String, at: Double) {
        let at = (Date().timeIntervalSince1970 + seconds).rounded(.up)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let c = utc.dateComponents([.hour, .minute, .second], from: Date(timeIntervalSince1970: at))
        return (String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!), at)
    }

    @Test("without an alarm due it plays until the time and quits: time is up")
    func quitsAtTheTime() throws {
        let run = try Run(untilIn: 4)
        let (env, server, p, until) = (run.env, run.server, run.noise, run.until)
        // It counts as a process that rings alarms.
        let add = try E2E.run(E2E.woodshed, ["alarm", "add", "23:59", "--days", "once"], environment: env)
        #expect(add.status == 0 && add.stderr == "", "\(add.stderr)")
        _ = try E2E.run(E2E.woodshed, ["alarm", "remove", "1"], environment: env)
        let ended = PrivateJackServer.wait(timeout: 15) { !p.isRunning }
        let left = until.at - Date().timeIntervalSince1970
        #expect(ended && p.terminationStatus == 0, "\(server.output(of: p))")
        #expect(left < 0.5, "it quit \(left) s before --until")
        #expect(server.output(of: p).stdout.contains("woodshed noise: time is up"), "\(server.output(of: p))")
    }

    @Test("an alarm that rings during it keeps it open past the time until the alarm is answered")
    func staysWhileRinging() throws {
        let run = try Run(untilIn: 5)
        let (env, server, p, until) = (run.env, run.server, run.noise, run.until)
        let add = try E2E.run(E2E.woodshed, ["alarm", "add", "--in", "1s"], environment: env)
        #expect(add.status == 0 && add.stderr == "", "\(add.stderr)")
        usleep(useconds_t(max(until.at - Date().timeIntervalSince1970 + 2, 0) * 1_000_000))
        #expect(p.isRunning, "it quit while the alarm rang: \(server.output(of: p))")
        PrivateJackServer.terminate(p)
    }
}
