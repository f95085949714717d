import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed click` on a private JACK server and a private session bus, driven by `playerctl`
/// (a real MPRIS client) as the desktop's media keys would.
@Suite("MPRIS: playerctl drives woodshed click on a private session bus", .serialized)
struct MPRISLiveTests {
    /// Starts `woodshed click ARGS` seeing `bus` (nil: no bus at all) with its own state folder.
    static func click(_ server: PrivateJackServer, bus: PrivateSessionBus?, name: String, _ args: [String]) throws -> Process {
        let state = try E2E.tempDir().path
        let busEnv = bus.map { ["DBUS_SESSION_BUS_ADDRESS=\($0.address)"] } ?? ["-u", "DBUS_SESSION_BUS_ADDRESS", "-u", "XDG_RUNTIME_DIR"]
        let p = try server.spawn("/usr/bin/env", busEnv + ["XDG_STATE_HOME=\(state)", "XDG_CONFIG_HOME=\(state)", E2E.woodshed, "click"]
                                 + args + ["--no-connect", "--jack-name", name])
        let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("\(name):click") }
        if !up { throw JackToolError("woodshed did not come up: \(server.output(of: p))") }
        return p
    }

    /// A 4-second numbered WAV `song.wav` in `dir` with the sections verse (0–3 s) and chorus
    /// (3–4 s), saved in `dir`'s data folder: its path.
    static func verseAndChorus(_ dir: URL) throws -> String {
        let song = dir.appendingPathComponent("song.wav").path
        try TestAudio.numberedWAV(song, frames: 192_000)
        for (name, from, to) in [("verse", "0", "3"), ("chorus", "3", "4")] {
            let added = try E2E.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "sections", song, "add", name, from, to])
            try #require(added.status == 0, "\(added.stderr)")
        }
        return song
    }

    /// `playerctl ARGS` on `bus`: its stdout (status 0 expected).
    static func playerctl(_ bus: PrivateSessionBus, _ args: String...) throws -> String {
        let r = try E2E.run("playerctl", args, environment: bus.environment)
        #expect(r.status == 0, "playerctl \(args): \(r.stderr)")
        return r.stdout
    }

    /// Waits up to 5 s for `playerctl ARGS` to print `expected`; returns what it printed last.
    static func await(_ bus: PrivateSessionBus, _ expected: String, _ args: String...) throws -> String {
        var last = ""
        _ = try PrivateJackServer.wait(timeout: 5) {
            last = try E2E.run("playerctl", args, environment: bus.environment).stdout
            return last == expected
        }
        return last
    }

    /// Starts `woodshed play SONG ARGS` seeing `bus`, its state and data in `dir`, paused, as
    /// JACK client `name` with no port connected.
    static func play(_ server: PrivateJackServer, bus: PrivateSessionBus, dir: URL, song: String, name: String,
                     _ args: [String] = []) throws -> Process {
        try server.spawn("/usr/bin/env", ["DBUS_SESSION_BUS_ADDRESS=\(bus.address)"] + LivePlay.environment(dir)
                         + [E2E.woodshed, "play", song] + args + ["--pause", "--no-connect", "--jack-name", name])
    }

    /// Starts `dbus-monitor` on `bus` for the signals `rule` matches and waits until it listens
    /// (it has printed its own NameAcquired signal); returns it and what it has printed so far,
    /// its white space squeezed to one space.
    static func monitor(_ server: PrivateJackServer, bus: PrivateSessionBus, _ rule: String) throws -> (Process, () -> String) {
        let monitor = try server.spawn("/usr/bin/env", ["DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "dbus-monitor", "--session", rule])
        #expect(PrivateJackServer.wait(timeout: 5) { server.output(of: monitor).stdout.contains("NameAcquired") })
        return (monitor, { server.output(of: monitor).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ") })
    }

    @Test("status, next/previous (±1 BPM), play-pause, volume, Rate (tempo over the start's) and the metadata read back", .timeLimit(.minutes(2)))
    func drivesTheClick() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let p = try Self.click(server, bus: bus, name: "wsmpris", ["132", "--meter", "7/8"])
        defer { PrivateJackServer.terminate(p) }
        #expect(try Self.await(bus, "woodshed\n", "-l") == "woodshed\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "status") == "Playing\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "metadata", "title") == "132 BPM · 7/8\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "metadata", "woodshed:meter") == "7/8\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "next")
        #expect(try Self.await(bus, "133 BPM · 7/8\n", "-p", "woodshed", "metadata", "title") == "133 BPM · 7/8\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "next")
        _ = try Self.playerctl(bus, "-p", "woodshed", "previous")
        _ = try Self.playerctl(bus, "-p", "woodshed", "previous")
        _ = try Self.playerctl(bus, "-p", "woodshed", "previous")
        #expect(try Self.await(bus, "131 BPM · 7/8\n", "-p", "woodshed", "metadata", "title") == "131 BPM · 7/8\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "play-pause")
        #expect(try Self.await(bus, "Stopped\n", "-p", "woodshed", "status") == "Stopped\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "play")
        #expect(try Self.await(bus, "Playing\n", "-p", "woodshed", "status") == "Playing\n")
        // The click heard the same tempo: its plain line per bar says 131 BPM.
        let heard = PrivateJackServer.wait(timeout: 5) { server.output(of: p).stdout.contains(" · 131 BPM · 7/8 · ") }
        #expect(heard, "\(server.output(of: p))")
        #expect(server.output(of: p).stderr == "")
        // Volume is the click's; Rate the tempo over the tempo at the start (132 BPM).
        _ = try Self.playerctl(bus, "-p", "woodshed", "volume", "0.8")
        #expect(try Self.await(bus, "0.800000\n", "-p", "woodshed", "volume") == "0.800000\n")
        let set = try E2E.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.woodshed", "/org/mpris/MediaPlayer2",
                                            "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Rate",
                                            "variant:double:1.5"], environment: bus.environment)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try Self.await(bus, "198 BPM · 7/8\n", "-p", "woodshed", "metadata", "title") == "198 BPM · 7/8\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "stop")
        #expect(try Self.await(bus, "Stopped\n", "-p", "woodshed", "status") == "Stopped\n")
    }

    @Test("Quit quits; two instances get distinct names", .timeLimit(.minutes(2)))
    func twoInstances() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let first = try Self.click(server, bus: bus, name: "wsmpris1", ["100"])
        defer { PrivateJackServer.terminate(first) }
        #expect(try Self.await(bus, "woodshed\n", "-l") == "woodshed\n")
        let second = try Self.click(server, bus: bus, name: "wsmpris2", ["90"])
        defer { PrivateJackServer.terminate(second) }
        let both = "woodshed\nwoodshed.instance\(second.processIdentifier)\n"
        let listed = try Self.await(bus, both, "-l")
        #expect(listed == both || listed == "woodshed.instance\(second.processIdentifier)\nwoodshed\n", "\(listed)")
        #expect(try Self.playerctl(bus, "-p", "woodshed.instance\(second.processIdentifier)", "metadata", "title") == "90 BPM · 4/4\n")
        let quit = try E2E.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.woodshed",
                                             "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Quit"], environment: bus.environment)
        #expect(quit.status == 0, "\(quit.stderr)")
        // A call Woodshed has no part for is an error reply naming it.
        let open = try E2E.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.woodshed.instance\(second.processIdentifier)",
                                             "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.OpenUri", "string:file:///x.wav"],
                               environment: bus.environment)
        #expect(open.status == 1)
        #expect(open.stderr == "Error org.freedesktop.DBus.Error.NotSupported: Woodshed does not support OpenUri yet\n")
        #expect(PrivateJackServer.wait(timeout: 5) { !first.isRunning })
        #expect(first.terminationStatus == 0)
        #expect(second.isRunning)
    }

    @Test("no session bus: one line on stderr, and the click runs on; --no-mpris: not on the bus", .timeLimit(.minutes(2)))
    func withoutBus() throws {
        let server = try PrivateJackServer()
        defer { server.stop() }
        let p = try Self.click(server, bus: nil, name: "wsmprisnone", ["120"])
        defer { PrivateJackServer.terminate(p) }
        #expect(PrivateJackServer.wait(timeout: 5) { server.output(of: p).stdout.contains("bar 2 · 120 BPM") })
        #expect(server.output(of: p).stderr
                == "Warning: no MPRIS (media keys, playerctl): no session bus (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set)\n")

        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let hidden = try Self.click(server, bus: bus, name: "wsmprishidden", ["120", "--no-mpris"])
        defer { PrivateJackServer.terminate(hidden) }
        #expect(PrivateJackServer.wait(timeout: 5) { server.output(of: hidden).stdout.contains("bar 2 · 120 BPM") })
        let r = try E2E.run("playerctl", ["-l"], environment: bus.environment)
        #expect(r.stdout == "")
        #expect(server.output(of: hidden).stderr == "")
    }

    @Test("woodshed play: Paused at the start, Next/Previous step the section (and play it), play-pause pauses, SetPosition seeks (Seeked, Position), url and length", .timeLimit(.minutes(2)))
    func drivesThePlayer() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "song.wav", frames: 192_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, from, to) in [("verse", "0", "3"), ("chorus", "3", "4")] {
            let added = try E2E.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "sections", song, "add", name, from, to])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let p = try Self.play(server, bus: bus, dir: dir, song: song, name: "wsmprisplay")
        defer { PrivateJackServer.terminate(p) }
        #expect(try Self.await(bus, "woodshed\n", "-l") == "woodshed\n", "\(server.output(of: p))")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "status") == "Paused\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "metadata", "title") == "song.wav · verse\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "next")
        #expect(try Self.await(bus, "chorus\n", "-p", "woodshed", "metadata", "woodshed:section") == "chorus\n")
        _ = try Self.playerctl(bus, "-p", "woodshed", "previous")
        #expect(try Self.await(bus, "verse\n", "-p", "woodshed", "metadata", "woodshed:section") == "verse\n")
        // A section step plays it from its first pass (as the pedal does); play-pause pauses it.
        #expect(try Self.await(bus, "Playing\n", "-p", "woodshed", "status") == "Playing\n", "\(server.output(of: p))")
        _ = try Self.playerctl(bus, "-p", "woodshed", "play-pause")
        #expect(try Self.await(bus, "Paused\n", "-p", "woodshed", "status") == "Paused\n", "\(server.output(of: p))")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "metadata", "mpris:length") == "4000000\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "loop") == "None\n")
        #expect(try Self.playerctl(bus, "-p", "woodshed", "metadata", "xesam:url") == "\(URL(fileURLWithPath: song).absoluteString)\n")
        // Paused in the verse (0–3 s): SetPosition to 2 s is said at once (Seeked), and
        // heard from there when it plays again (Position, a moment later).
        let (monitor, seen) = try Self.monitor(server, bus: bus, "type='signal',member='Seeked'")
        defer { PrivateJackServer.terminate(monitor) }
        _ = try Self.playerctl(bus, "-p", "woodshed", "position", "2")
        // A jump is whole milliseconds from where the play head is: within half of one of 2 s.
        let seeked = /path=\/org\/mpris\/MediaPlayer2; interface=org.mpris.MediaPlayer2.Player; member=Seeked int64 (\d+)/
        #expect(PrivateJackServer.wait(timeout: 5) { seen().firstMatch(of: seeked) != nil }, "\(seen())")
        let said = seen().firstMatch(of: seeked).flatMap { Int($0.output.1) } ?? -1
        #expect(abs(said - 2_000_000) <= 500, "\(seen())")
        _ = try Self.playerctl(bus, "-p", "woodshed", "play")
        #expect(try Self.await(bus, "Playing\n", "-p", "woodshed", "status") == "Playing\n")
        // The worker refills from 2 s a moment after the play (longer on a loaded machine);
        // from where it was paused (near 0) the play head could not reach 2 s within 1.5 s.
        var position = -1.0
        let heard = try PrivateJackServer.wait(timeout: 1.5) {
            position = Double(try Self.playerctl(bus, "-p", "woodshed", "position").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            return position >= 2
        }
        #expect(heard && position < 3, "\(position)")
        #expect(server.output(of: p).stderr == "")
    }

    @Test("dbus-monitor sees PropertiesChanged: Rate and Metadata after next, PlaybackStatus after play-pause", .timeLimit(.minutes(2)))
    func announcesChanges() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let p = try Self.click(server, bus: bus, name: "wsmprissignals", ["132", "--meter", "7/8"])
        defer { PrivateJackServer.terminate(p) }
        #expect(try Self.await(bus, "woodshed\n", "-l") == "woodshed\n")
        let (monitor, seen) = try Self.monitor(server, bus: bus, "type='signal',member='PropertiesChanged',path='/org/mpris/MediaPlayer2'")
        defer { PrivateJackServer.terminate(monitor) }
        let signal = "path=/org/mpris/MediaPlayer2; interface=org.freedesktop.DBus.Properties; member=PropertiesChanged "
            + "string \"org.mpris.MediaPlayer2.Player\" array [ dict entry( string "
        _ = try Self.playerctl(bus, "-p", "woodshed", "next")
        // 133 BPM over the 132 at the start: Rate 1.00758 (as dbus-monitor prints it), then the metadata.
        let metadata = signal + "\"Rate\" variant double 1.00758 ) dict entry( string \"Metadata\" variant array [ dict entry( string \"mpris:trackid\" variant object path "
            + "\"/org/woodshed/click\" ) dict entry( string \"xesam:title\" variant string \"133 BPM · 7/8\" ) dict entry( "
            + "string \"woodshed:bpm\" variant double 133 ) dict entry( string \"woodshed:meter\" variant string \"7/8\" ) ] ) ] array [ ]"
        #expect(PrivateJackServer.wait(timeout: 5) { seen().contains(metadata) }, "\(seen())")
        _ = try Self.playerctl(bus, "-p", "woodshed", "play-pause")
        let stopped = signal + "\"PlaybackStatus\" variant string \"Stopped\" ) ] array [ ]"
        #expect(PrivateJackServer.wait(timeout: 5) { seen().contains(stopped) }, "\(seen())")
    }

    @Test("woodshed play --repeat endless: LoopStatus Track; --advance loop-all: Playlist", .timeLimit(.minutes(2)))
    func loopStatus() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "song.wav", frames: 96_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, (args, loop)) in [(["--repeat", "endless"], "Track\n"), (["--advance", "loop-all"], "Playlist\n")].enumerated() {
            let p = try Self.play(server, bus: bus, dir: dir, song: song, name: "wsmprisloop\(i)", ["--from", "0", "--to", "1"] + args)
            defer { PrivateJackServer.terminate(p) }
            #expect(try Self.await(bus, "woodshed\n", "-l") == "woodshed\n", "\(server.output(of: p))")
            #expect(try Self.playerctl(bus, "-p", "woodshed", "loop") == loop, "\(args)")
            PrivateJackServer.terminate(p)
            #expect(try Self.await(bus, "", "-l") == "")
        }
    }
}
