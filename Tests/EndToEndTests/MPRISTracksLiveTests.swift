import Foundation
import Testing
import WoodshedTestSupport

/// Issue 19's second part on a private session bus: jumps and section changes from any surface
/// said with `Seeked`, a track id per section, `--mpris-step`, and `woodshed noise` on the bus.
@Suite("MPRIS: Seeked after any jump, a track per section, --mpris-step, noise", .serialized)
struct MPRISTracksLiveTests {
    @Test("woodshed play: a jump and a section change sent over OSC are said with Seeked; each section has its track id; LoopStatus set", .timeLimit(.minutes(2)))
    func seekedFromAnySurface() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try MPRISLiveTests.verseAndChorus(dir)
        let port = try OSCLive.freePort()
        let p = try server.spawn("/usr/bin/env", ["DBUS_SESSION_BUS_ADDRESS=\(bus.address)"] + LivePlay.environment(dir)
                                 + [E2E.woodshed, "play", song, "--pause", "--osc", "\(port)", "--no-connect", "--jack-name", "wsmprisjump"])
        defer { PrivateJackServer.terminate(p) }
        #expect(try MPRISLiveTests.await(bus, "woodshed\n", "-l") == "woodshed\n", "\(server.output(of: p))")
        // playerctl prints an object path in quotes.
        #expect(try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "metadata", "mpris:trackid") == "'/org/woodshed/track/0'\n")
        // LoopStatus set: the section endlessly (Track), loop all (Playlist), neither (None).
        for loop in ["Track", "Playlist", "None"] {
            _ = try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "loop", loop)
            #expect(try MPRISLiveTests.await(bus, loop + "\n", "-p", "woodshed", "loop") == loop + "\n", "\(server.output(of: p))")
        }
        let monitor = try server.spawn("/usr/bin/env", ["DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "dbus-monitor", "--session",
                                                        "type='signal',member='Seeked'"])
        defer { PrivateJackServer.terminate(monitor) }
        #expect(PrivateJackServer.wait(timeout: 5) { server.output(of: monitor).stdout.contains("NameAcquired") })
        let seen = { server.output(of: monitor).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let seeked = /member=Seeked int64 (\d+)/
        let said = { seen().matches(of: seeked).compactMap { Int($0.output.1) } }
        // Paused at the verse's start: a jump of 2 s, as the → key or a pedal would send it.
        try OSCLive.send(port, ["/woodshed/jump-forward", "i", "2"])
        #expect(PrivateJackServer.wait(timeout: 5) { said().count == 1 }, "\(seen())")
        #expect(said() == [2_000_000], "\(seen())")
        // The next section: its own track id, and Seeked to where it begins (3 s).
        try OSCLive.send(port, ["/woodshed/section-next"])
        #expect(try MPRISLiveTests.await(bus, "'/org/woodshed/track/1'\n", "-p", "woodshed", "metadata", "mpris:trackid")
                == "'/org/woodshed/track/1'\n")
        #expect(PrivateJackServer.wait(timeout: 5) { said().count == 2 }, "\(seen())")
        #expect(said().count == 2 && said()[1] >= 3_000_000 && said()[1] < 3_100_000, "\(seen())")
        #expect(server.output(of: p).stderr == "")
    }

    @Test("woodshed click --mpris-step 2.5: Next and Previous step the tempo by 2.5 BPM", .timeLimit(.minutes(2)))
    func tempoStep() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let p = try MPRISLiveTests.click(server, bus: bus, name: "wsmprisstep", ["120", "--mpris-step", "2.5"])
        defer { PrivateJackServer.terminate(p) }
        #expect(try MPRISLiveTests.await(bus, "woodshed\n", "-l") == "woodshed\n")
        _ = try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "next")
        #expect(try MPRISLiveTests.await(bus, "122.5 BPM · 4/4\n", "-p", "woodshed", "metadata", "title") == "122.5 BPM · 4/4\n")
        _ = try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "previous")
        _ = try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "previous")
        #expect(try MPRISLiveTests.await(bus, "117.5 BPM · 4/4\n", "-p", "woodshed", "metadata", "title") == "117.5 BPM · 4/4\n")
        let refused = try E2E.run(E2E.woodshed, ["click", "120", "--mpris-step", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("Error: --mpris-step must be 0.001–100 BPM, not 0.0"), "\(refused.stderr)")
    }

    @Test("woodshed noise on the bus: its name as the title, the seconds left, not pausable; Stop ends it", .timeLimit(.minutes(2)))
    func noise() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let state = try E2E.tempDir().path
        let p = try server.spawn("/usr/bin/env", ["DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "XDG_STATE_HOME=\(state)", "XDG_CONFIG_HOME=\(state)",
                                                  E2E.woodshed, "noise", "brown", "--for", "1m", "--no-connect", "--jack-name", "wsmprisnoise"])
        defer { PrivateJackServer.terminate(p) }
        #expect(try MPRISLiveTests.await(bus, "woodshed\n", "-l") == "woodshed\n", "\(server.output(of: p))")
        #expect(try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "metadata", "title") == "Brown Noise\n")
        #expect(try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "metadata", "mpris:length") == "60000000\n")
        let left = Int(try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "metadata", "woodshed:left")
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(left > 40 && left <= 60, "\(left)")
        #expect(try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "status") == "Playing\n")
        let canPause = try E2E.run("dbus-send", ["--session", "--print-reply=literal", "--dest=org.mpris.MediaPlayer2.woodshed", "/org/mpris/MediaPlayer2",
                                                 "org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2.Player", "string:CanPause"],
                                   environment: bus.environment)
        #expect(canPause.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "variant       boolean false", "\(canPause)")
        _ = try MPRISLiveTests.playerctl(bus, "-p", "woodshed", "stop")
        let ended = PrivateJackServer.wait(timeout: 5) { !p.isRunning }
        #expect(ended, "\(server.output(of: p))")
        #expect(ended && p.terminationStatus == 0)
        #expect(server.output(of: p).stdout.contains("woodshed noise: stopped · xruns "), "\(server.output(of: p))")
    }
}
