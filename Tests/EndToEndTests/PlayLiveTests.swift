import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed play` against a real JACK server (a private `jackd -d dummy`): started paused,
/// played and changed by real JACK MIDI events sent at known server frames, its music ports
/// recorded by a JACK client that writes every period at its own server frame.
enum LivePlay {
    /// The pedals of these tests: note 60 plays/pauses, 62 slows down by half, 64 marks in,
    /// 65 marks out, 67 next section.
    static let map = """
        {"schemaVersion": 1, "name": "test pedals", "mappings": [
          {"message": "note", "number": 60, "action": "toggle"},
          {"message": "note", "number": 62, "action": "speed-down", "argument": 50},
          {"message": "note", "number": 64, "action": "mark-in"},
          {"message": "note", "number": 65, "action": "mark-out"},
          {"message": "note", "number": 67, "action": "section-next"}
        ]}
        """

    /// `woodshed play SONG ARGS --pause` as client `name`, with its own data/state/config
    /// folders under `dir` and the test pedal map; waits for its music ports.
    static func start(_ server: PrivateJackServer, name: String, dir: URL, _ args: [String]) throws -> Process {
        let mapPath = dir.appendingPathComponent("pedals.json").path
        try map.write(toFile: mapPath, atomically: true, encoding: .utf8)
        let p = try server.spawn("/usr/bin/env", environment(dir) + [E2E.woodshed, "play"] + args
                                 + ["--pause", "--no-connect", "--jack-name", name, "--midi-map", mapPath])
        let up = PrivateJackServer.wait(timeout: 15) { server.ports().contains("\(name):music_R") }
        if !up { throw JackToolError("woodshed play did not come up: \(server.output(of: p))") }
        return p
    }

    /// A fresh folder (removed by the caller) holding `name`: `frames` numbered frames at 48 kHz.
    static func folder(with name: String, frames: Int) throws -> (dir: URL, song: String) {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent(name).path
        try TestAudio.numberedWAV(song, frames: frames)
        return (dir, song)
    }

    static func environment(_ dir: URL) -> [String] {
        ["XDG_DATA_HOME=\(dir.path)/data", "XDG_STATE_HOME=\(dir.path)/state",
         "XDG_CONFIG_HOME=\(dir.path)/config", "XDG_CACHE_HOME=\(dir.path)/cache"]
    }

    /// Note on and off of `note` at `frame` (off 1000 frames later).
    /// The frames the deck filled with silence because the music ring ran dry (the worker
    /// late), as the player's stop line says them ("… · underrun frames N"); nil without one.
    /// A take whose deck ran dry was not played cleanly, by the player's own word: the
    /// live-against-offline tests measure it again, as a take with xruns.
    static func underrunFrames(_ stdout: String) -> Int64? {
        stdout.split(separator: "\n").last { $0.contains(" · underrun frames ") }
            .flatMap { Int64($0.split(separator: " ").last ?? "") }
    }

    static func press(_ note: UInt8, at frame: Int64) -> [(frame: Int64, bytes: [UInt8])] {
        [(frame, [0x90, note, 100]), (frame + 1_000, [0x80, note, 0])]
    }
}

@Suite("woodshed play on a real JACK server", .serialized)
struct PlayLiveTests {
    /// Runs a timing measurement up to three times: a recording with an xrun or a missed
    /// cycle (this VM under load) measures the machine, not woodshed, and is taken again.
    static func measured(_ what: String, _ attempt: () throws -> JackRecording?) throws {
        var xruns: [String] = []
        for _ in 1...3 {
            if let rec = try attempt() { xruns.append("xruns \(rec.xruns), gaps \(rec.gaps)") } else { return }
        }
        Issue.record("\(what): every attempt had xruns or missed cycles: \(xruns)")
    }

    @Test("a section 3 times from music_L/music_R: every pass frames 24000..<60000 bit-exact, back to back; then it ends",
          .timeLimit(.minutes(4)))
    func threePasses() throws {
        try Self.measured("three passes") { try threePassesOnce() }
    }

    /// One run; returns the recording when it had xruns (nothing checked), nil when checked.
    func threePassesOnce() throws -> JackRecording? {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "indexed.wav", frames: 96_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = try LivePlay.start(server, name: "wsplay", dir: dir,
                                   [song, "--from", "0.5", "--to", "1.25", "--repeat", "3", "--crossfade", "0"])
        defer { PrivateJackServer.terminate(p) }
        let wav = dir.appendingPathComponent("music.wav").path
        let recorder = try JackRecording.start(server: server, client: "recplay", ports: ["wsplay:music_L", "wsplay:music_R", "wsplay:click"], seconds: 6, to: wav)
        let sent = try MIDIPeers.send(server: server, to: "wsplay:midi_in", events: LivePlay.press(60, at: 0), lead: 24_000)
        // It quits by itself at the end of the program.
        let ended = PrivateJackServer.wait(timeout: 15) { !p.isRunning }
        #expect(ended, "woodshed play did not quit at the end: \(server.output(of: p))")
        _ = PrivateJackServer.wait(timeout: 15) { !recorder.isRunning }
        let rec = try JackRecording(path: wav)
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1), click = try rec.samples(channel: 2)
        let s = try #require(left.firstIndex { $0 != 0 }, "no music recorded")
        let total = 3 * 36_000
        try #require(s + total + 4_800 <= left.count, "the recording ends too soon")
        let pass = (24_000..<60_000).map(TestAudio.numbered)
        let expected = pass + pass + pass
        // Playing fades in over the first 128 frames (from the pause), then every sample is the file's.
        let fadeIn = (0..<128).allSatisfy { abs(left[s + $0]) <= expected[$0] + 1e-6 }
        let leftExact = (128..<total).first { left[s + $0] != expected[$0] }
        let rightExact = (128..<total).first { right[s + $0] != -expected[$0] }
        let silentAfter = left[(s + total)..<(s + total + 4_800)].allSatisfy { $0 == 0 }
        // A recording with xruns or missed cycles shows the machine's trouble, not woodshed's:
        // measured again (an exact one passes even so).
        let exact = fadeIn && leftExact == nil && rightExact == nil && silentAfter
        let dry = LivePlay.underrunFrames(server.output(of: p).stdout) ?? 0
        if !exact && (rec.xruns > 0 || !rec.gaps.isEmpty || sent.contains(where: { $0.late }) || dry > 0) { return rec }
        #expect(fadeIn, "the fade-in from the pause is louder than the file")
        #expect(leftExact == nil, "left differs from three exact passes at frame \(leftExact ?? 0)")
        #expect(rightExact == nil, "right differs at frame \(rightExact ?? 0)")
        #expect(silentAfter, "music after the last pass")
        #expect(click.allSatisfy { $0 == 0 }, "a click without --click or --count-in")
        // The pedal was heard within 150 ms (control thread poll, then the next cycle).
        let latency = Int64(rec.firstServerFrame) + Int64(s) - sent[0].abs
        #expect(latency >= 0 && latency <= 7_200, "play heard \(latency) frames after the pedal")
        print("play/pause pedal → sound: \(latency) frames (\(Double(latency) / 48.0) ms)")
        let out = server.output(of: p).stdout
        for n in 1...3 { #expect(out.contains("section 1/1 A–B · pass \(n)/3 · playing · speed 1×"), "\(out)") }
        #expect(out.contains("woodshed play: ended · xruns"), "\(out)")
        // `play` logs its practice as shadowing does: one line for the section and its three passes.
        let log = try String(contentsOfFile: "\(dir.path)/state/woodshed/practice-log.jsonl", encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""mode":"play","file":"\#(song)","section":"A–B","index":1,"passes":3,"speed":1,"seconds":"#),
                "\(log)")
        #expect(p.terminationStatus == 0)
        return nil
    }

    @Test("a speed-down pedal is heard within 150 ms: the first frame that differs from the unchanged play",
          .timeLimit(.minutes(4)))
    func speedChangeLatency() throws {
        try Self.measured("speed change") { try speedChangeOnce() }
    }

    func speedChangeOnce() throws -> JackRecording? {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "indexed.wav", frames: 240_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = try LivePlay.start(server, name: "wsspeed", dir: dir, [song, "--from", "0.5", "--crossfade", "0"])
        defer { PrivateJackServer.terminate(p) }
        let wav = dir.appendingPathComponent("music.wav").path
        let recorder = try JackRecording.start(server: server, client: "recspeed", ports: ["wsspeed:music_L"], seconds: 3, to: wav)
        let sent = try MIDIPeers.send(server: server, to: "wsspeed:midi_in",
                                      events: LivePlay.press(60, at: 0) + LivePlay.press(62, at: 36_000), lead: 24_000)
        _ = PrivateJackServer.wait(timeout: 15) { !recorder.isRunning }
        let rec = try JackRecording(path: wav)
        if rec.xruns > 0 || !rec.gaps.isEmpty || sent.contains(where: { $0.late }) { return rec }
        let left = try rec.samples(channel: 0)
        let s = try #require(left.firstIndex { $0 != 0 }, "no music recorded")
        let pedal = sent[2].abs - Int64(rec.firstServerFrame)   // the speed pedal, as a frame of the recording
        // At 1× the player copies the file exactly; the change shows as the first frame that differs.
        let d = try #require((s + 128..<left.count).first { left[$0] != TestAudio.numbered(24_000 + $0 - s) },
                             "the speed never changed")
        let latency = Int64(d) - pedal
        #expect(latency > 0, "changed \(-latency) frames before the pedal")
        #expect(latency <= 7_200, "speed change heard \(latency) frames (\(Double(latency) / 48) ms) after the pedal")
        print("speed pedal → new speed heard: \(latency) frames (\(Double(latency) / 48.0) ms)")
        // Music goes on after the change (0.5×, stretched): not silence.
        #expect(left[d..<min(d + 4_800, left.count)].contains { abs($0) > 0.01 })
        PrivateJackServer.terminate(p)
        #expect(server.output(of: p).stdout.contains("speed 0.5×"))
        return nil
    }

    @Test("a typo in the user's midi-map.json: play and shadow warn once and play with the built-in map; --midi-map with it is an error",
          .timeLimit(.minutes(3)))
    func brokenUserMap() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("tone.wav").path
        let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", song, "synth", "3", "sine", "440", "gain", "-6"])
        try #require(made.status == 0, "\(made.stderr)")
        let map = dir.appendingPathComponent("config/woodshed/midi-map.json")
        try FileManager.default.createDirectory(at: map.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1, \"mappings\": [{\"message\": \"note\", \"action\": \"tap\"}]}".utf8).write(to: map)
        // A sentence, so that shadow has something to play.
        let added = try E2E.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "sections", song, "add", "s1", "0", "0.5"])
        try #require(added.status == 0, "\(added.stderr)")
        let warning = "Warning: \(map.path): mappings[0].number: required for \"note\" messages; using the built-in MIDI map until the file is fixed\n"
        for command in ["play", "shadow"] {
            let r = try server.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, command, song, "--no-connect", "--no-mpris", "--for", "1s"],
                                   timeout: 30)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stderr == warning, "\(command)")
        }
        let r = try server.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "play", song, "--no-connect", "--for", "1s",
                                                                           "--midi-map", map.path], timeout: 30)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(map.path): mappings[0].number: required for \"note\" messages\n")
    }

    @Test("a file cut short while it plays: one warning line naming it and where the silence starts; woodshed plays on",
          .timeLimit(.minutes(3)))
    func cutShortWhilePlaying() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "lesson.wav", frames: 20 * 48_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = try LivePlay.start(server, name: "wscut", dir: dir, [song])
        defer { PrivateJackServer.terminate(p) }
        // Keep the header and the first 3 s (4 bytes a frame).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: song))
        let data = try #require(bytes.firstRange(of: Data("data".utf8)))
        #expect(truncate(song, off_t(data.upperBound + 4 + 3 * 48_000 * 4)) == 0)
        _ = try MIDIPeers.send(server: server, to: "wscut:midi_in", events: LivePlay.press(60, at: 0), lead: 4_800)
        let warned = PrivateJackServer.wait(timeout: 20) { server.output(of: p).stdout.contains("Warning") }
        let out = server.output(of: p).stdout
        let line = "woodshed play: Warning: lesson.wav: the file ends early (cut short, or still being written); silence from 0:03.000\n"
        #expect(warned && out.contains(line), "\(server.output(of: p))")
        #expect(out.components(separatedBy: "Warning").count == 2, "said once: \(out)")
        #expect(p.isRunning, "\(server.output(of: p))")
    }

    @Test("play --for 3s: the music fades out over the last 1.5 s and woodshed quits when the time is up",
          .timeLimit(.minutes(3)))
    func timerFadesOut() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("tone.wav").path
        let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", song, "synth", "20", "sine", "440", "gain", "-6"])
        try #require(made.status == 0, "\(made.stderr)")
        let p = try LivePlay.start(server, name: "wstimer", dir: dir, [song, "--for", "3s"])
        defer { PrivateJackServer.terminate(p) }
        let wav = dir.appendingPathComponent("music.wav").path
        let recorder = try JackRecording.start(server: server, client: "rectimer", ports: ["wstimer:music_L"], seconds: 5, to: wav)
        _ = try MIDIPeers.send(server: server, to: "wstimer:midi_in", events: LivePlay.press(60, at: 0), lead: 4_800)
        let quit = PrivateJackServer.wait(timeout: 10) { !p.isRunning }
        #expect(quit && p.terminationStatus == 0, "\(server.output(of: p))")
        _ = PrivateJackServer.wait(timeout: 10) { !recorder.isRunning }
        let left = try JackRecording(path: wav).samples(channel: 0)
        let s = try #require(left.firstIndex { $0 != 0 }, "no music recorded")
        let end = try #require(left.lastIndex { $0 != 0 })
        func rms(_ r: Range<Int>) -> Double { (r.map { Double(left[$0] * left[$0]) }.reduce(0, +) / Double(r.count)).squareRoot() }
        let full = rms(s..<(s + 24_000))
        #expect(abs(full - 0.5 / 2.0.squareRoot()) < 0.02, "level before the fade: \(full)")
        // The timer counts from the start (playing began a little later, at the pedal): the
        // music is heard for at most 3 s, the last part fading.
        #expect(end - s < 3 * 48_000, "heard for \(end - s) frames")
        let lastQuarter = rms((end - 12_000)..<end)
        #expect(lastQuarter < full * 0.25, "the last 0.25 s is at \(lastQuarter / full) of full level: no fade")
        let middleOfFade = rms((end - 36_000)..<(end - 24_000))
        #expect(middleOfFade < full * 0.9 && middleOfFade > lastQuarter, "no steady fade: \(middleOfFade / full), \(lastQuarter / full)")
    }

    @Test("mark in and mark out by pedal make a quick loop that plays at once and is not saved; a section added meanwhile by `woodshed sections add` is kept",
          .timeLimit(.minutes(3)))
    func markedSectionIsSaved() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let (dir, song) = try LivePlay.folder(with: "indexed.wav", frames: 240_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = try LivePlay.start(server, name: "wsmark", dir: dir, [song])
        defer { PrivateJackServer.terminate(p) }
        // Play at 0, mark in 1 s later, mark out at 2.5 s.
        let sent = try MIDIPeers.send(server: server, to: "wsmark:midi_in",
                                      events: LivePlay.press(60, at: 0) + LivePlay.press(64, at: 48_000) + LivePlay.press(65, at: 120_000),
                                      lead: 24_000)
        #expect(!sent.contains { $0.late })
        // The streaming worker is named in /proc (top -H shows it), beside the main thread.
        var threadNames: [String] = []
        _ = PrivateJackServer.wait(timeout: 10) {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(p.processIdentifier)/task")) ?? []
            threadNames = tasks.compactMap { try? String(contentsOfFile: "/proc/\(p.processIdentifier)/task/\($0)/comm", encoding: .utf8) }
            return threadNames.contains("woodshed player\n")
        }
        #expect(threadNames.filter { $0 == "woodshed player\n" }.count == 1, "\(threadNames)")
        // Meanwhile a section typed in another terminal: the player's saves keep it.
        let typed = try E2E.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "sections", song, "add", "typed", "3", "4"])
        #expect(typed.status == 0, "\(typed.stderr)")
        // Until the loop marked with the pedal plays (the status line says so).
        _ = PrivateJackServer.wait(timeout: 10) { server.output(of: p).stdout.contains("section 2/2 loop 1 · pass 1/∞ · playing") }
        #expect(PrivateJackServer.terminate(p) == 0)
        let out = server.output(of: p)
        #expect(out.stdout.contains("section 2/2 loop 1 · pass 1/∞ · playing"), "\(out)")
        // The file was new: not hashed before it played, hashed at the first save. Its practice
        // file is named by the real fingerprint, which the fingerprint cache now holds.
        let saved = try FileManager.default.contentsOfDirectory(atPath: "\(dir.path)/data/woodshed/sections").filter { $0.hasSuffix(".json") }
        #expect(saved.count == 1 && saved[0].hasPrefix("s960044-f240000-r48000-") && !saved[0].hasSuffix("-0000000000000000.json"), "\(saved)")
        let cached = try FileManager.default.contentsOfDirectory(atPath: "\(dir.path)/cache/woodshed/fingerprints")
        let entry = try String(contentsOfFile: "\(dir.path)/cache/woodshed/fingerprints/\(cached.first ?? "")", encoding: .utf8)
        #expect(cached.count == 1 && entry.contains("\"fingerprint\":\"\(saved[0].dropLast(5))\""), "\(entry)")
        let list = try E2E.run("/usr/bin/env", LivePlay.environment(dir) + [E2E.woodshed, "sections", song, "list"])
        #expect(list.status == 0, "\(list.stderr)")
        // The section typed meanwhile is kept; the quick loop was never saved (w would keep it).
        #expect(list.stdout.contains("typed") && !list.stdout.contains("loop 1"), "\(list.stdout)")
    }
}
