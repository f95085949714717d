import Foundation
import Glibc
import Testing
import WoodshedTestSupport

@Suite("Alarms ringing live on a real JACK server", .serialized)
struct AlarmLiveTests {
    /// The beep's first frames as the bell plays them at volume 80 %: a 880 Hz cosine at half
    /// scale for 100 ms with 5 ms edges, then 100 ms of silence, times the ring's gain (a tenth of 0.8, rising over 30 s).
    static func expectedBeep(frames: Int, rate: Int = 48_000) -> [Float] {
        let gain = Float(800) / 1000, rise = Float(30 * rate), edge = Double(rate / 200), beep = Double(rate / 10)
        return (0..<frames).map { k in
            guard Double(k) < beep else { return 0 }   // the gap after the first beep
            let envelope = min(1, Double(k + 1) / edge, (beep - Double(k)) / edge)
            let sample = Float(0.5 * envelope * cos(2 * Double.pi * 880 * Double(k) / Double(rate)))
            return sample * (gain * (Float(0.1) + (1 - Float(0.1)) * Float(k) / rise))
        }
    }

    @Test("alarm add --in 3s while woodshed clock runs: the beep's first sample comes within 50 ms of the alarm's second, exactly as rendered")
    func ringsOnItsSecond() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A short folder: a socket's path must fit in 108 bytes.
        var template = Array("/tmp/ws-alarm-XXXXXX".utf8CString)
        let runtime = URL(fileURLWithPath: String(cString: try #require(mkdtemp(&template))))
        defer { try? FileManager.default.removeItem(at: runtime) }
        let env = ["XDG_CONFIG_HOME": dir.path, "XDG_RUNTIME_DIR": runtime.path, "TZ": "UTC"]
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let clock = try server.spawn("/usr/bin/env", env.map { "\($0.key)=\($0.value)" }
                                     + [E2E.woodshed, "clock", "--background", "--no-connect", "--jack-name", "wsclock"])
        let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsclock:music_L") }
        try #require(up, "woodshed clock did not come up: \(server.output(of: clock))")
        let listener = try server.spawn("/usr/bin/python3", [E2E.packageRoot.appendingPathComponent("Tests/Tools/first_sound.py").path,
                                                             "--port", "wsclock:music_L", "--name", "first-alarm", "--timeout", "12"])
        _ = PrivateJackServer.wait(timeout: 10) { server.output(of: listener).stdout.hasPrefix("ready") }
        let connected = PrivateJackServer.wait(timeout: 10) {
            (try? InputPortTests.connections(server, "first-alarm:in"))?.contains("wsclock:music_L") == true
        }
        try #require(connected, "the listener did not connect to wsclock:music_L: \(server.output(of: listener))")
        // The recorder runs beside it, from before the alarm to after it.
        let wav = dir.appendingPathComponent("alarm.wav").path
        nonisolated(unsafe) var recording: Result<JackRecording, Error>?
        let recorded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            recording = Result { try JackRecording.record(server: server, ports: ["wsclock:music_L", "wsclock:music_R"], seconds: 6, to: wav) }
            recorded.signal()
        }
        usleep(300_000)
        let add = try E2E.run(E2E.woodshed, ["alarm", "add", "--in", "3s"], environment: env)
        try #require(add.status == 0, "\(add.stderr)")
        #expect(add.stderr == "", "a clock runs: no warning; the clock: \(server.output(of: clock)); sockets: \((try? FileManager.default.contentsOfDirectory(atPath: runtime.path + "/woodshed")) ?? [])")
        // "added alarm 1: 10:15:07 once 2026-11-24 · beep 80 % · snooze 9 min · next Tuesday 2026-11-24 10:15:07 (in 4 s)"
        let words = add.stdout.split(separator: " ").map(String.init)
        try #require(words.count > 5 && words[0...2] == ["added", "alarm", "1:"], "\(add.stdout)")
        let second = try #require(Self.utcInstant(date: words[5], time: words[3]), "\(add.stdout)")
        _ = PrivateJackServer.wait(timeout: 15) { !listener.isRunning }
        let heard = server.output(of: listener).stdout
        let json = try #require(heard.split(separator: "\n").last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
                                "\(heard)")
        let firstSound = try #require(json["first_sound"] as? Double, "nothing heard: \(heard) \(server.output(of: clock))")
        // first_sound is on CLOCK_MONOTONIC; the alarm's second is on CLOCK_REALTIME.
        var mono = timespec(), real = timespec()
        clock_gettime(CLOCK_MONOTONIC, &mono)
        clock_gettime(CLOCK_REALTIME, &real)
        let realMinusMono = (Double(real.tv_sec) + Double(real.tv_nsec) / 1e9) - (Double(mono.tv_sec) + Double(mono.tv_nsec) / 1e9)
        let late = firstSound + realMinusMono - second
        #expect(abs(late) < 0.05, "the first sample came \(late) s from the alarm's second")
        recorded.wait()
        let rec = try recording!.get()
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
        #expect(left == right)
        let first = try #require(left.firstIndex { $0 != 0 }, "no alarm recorded")
        #expect(left[first] == Self.expectedBeep(frames: 1)[0], "the ring does not start with the beep's first frame")
        let n = 2 * 4_800
        if rec.isFullyRecorded((first - 256)..<(first + n)) {
            #expect(Array(left[first..<(first + n)]) == Self.expectedBeep(frames: n), "the ring is not the beep from its first frame")
        }
        PrivateJackServer.terminate(clock)
    }

    /// `YYYY-MM-DD` and `HH:MM:SS` in UTC as seconds since 1970.
    static func utcInstant(date: String, time: String) -> Double? {
        let d = date.split(separator: "-").compactMap { Int($0) }, t = time.split(separator: ":").compactMap { Int($0) }
        guard d.count == 3, t.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: d[0], month: d[1], day: d[2], hour: t[0], minute: t[1], second: t[2]))?
            .timeIntervalSince1970
    }
}
