import Foundation
import Testing
import WoodshedTestSupport

@Suite("render never loses a file: not over its own input, not after a hang-up, no partial files left behind")
struct RenderFileSafetyTests {
    /// A folder with victim.wav (a short click render) and `woodshed` run in it with its own
    /// XDG folders.
    struct Place {
        let dir: URL
        let victim: URL
        let original: Data

        init() throws {
            dir = try E2E.tempDir()
            victim = dir.appendingPathComponent("victim.wav")
            let r = try E2E.run(E2E.woodshed, ["render", victim.path, "120", "--bars", "2"])
            try #require(r.status == 0, "\(r.stderr)")
            original = try Data(contentsOf: victim)
        }

        @discardableResult
        func woodshed(_ args: String...) throws -> E2E.Result { try run(args) }

        func run(_ args: [String]) throws -> E2E.Result {
            try E2E.run(E2E.woodshed, args, cwd: dir, environment: ["XDG_DATA_HOME": dir.appendingPathComponent("data").path,
                                                                  "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        }

        func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

        /// The render is refused with exactly `message`, and nothing in the folder changed.
        func expectRefused(_ args: String..., message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = try files()
            let r = try run(args)
            #expect(r.status == 1, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
            #expect(r.stderr == "Error: \(message)\n", "\(args)", sourceLocation: sourceLocation)
            #expect(r.stdout == "", "\(args)", sourceLocation: sourceLocation)
            #expect(try Data(contentsOf: victim) == original, "\(args): the source changed", sourceLocation: sourceLocation)
            #expect(try files() == before, "\(args)", sourceLocation: sourceLocation)
        }
    }

    @Test("render victim.wav --play victim.wav, and the same through another spelling, a symbolic link and a hard link: refused, naming both; the source's bytes unchanged")
    func play() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.dir) }
        try place.expectRefused("render", "victim.wav", "--play", "victim.wav",
                                message: "the output 'victim.wav' is the input --play 'victim.wav': choose another output file")
        try place.expectRefused("render", "./victim.wav", "--play", place.victim.path, "--to", "0.5",
                                message: "the output './victim.wav' is the input --play '\(place.victim.path)': choose another output file")
        #expect(symlink("victim.wav", place.dir.appendingPathComponent("soft.wav").path) == 0)
        #expect(link(place.victim.path, place.dir.appendingPathComponent("hard.wav").path) == 0)
        try place.expectRefused("render", "soft.wav", "--play", "victim.wav",
                                message: "the output 'soft.wav' is the input --play 'victim.wav': choose another output file")
        try place.expectRefused("render", "victim.wav", "--play", "soft.wav",
                                message: "the output 'victim.wav' is the input --play 'soft.wav': choose another output file")
        try place.expectRefused("render", "hard.wav", "--play", "victim.wav", "--repeat", "2",
                                message: "the output 'hard.wav' is the input --play 'victim.wav': choose another output file")
        // Another file is written as before.
        let r = try place.woodshed("render", "excerpt.wav", "--play", "victim.wav", "--to", "0.5")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote excerpt.wav: victim.wav · "), "\(r.stdout)")
        #expect(try Data(contentsOf: place.victim) == place.original)
    }

    @Test("--sound FILE, --sound A,B and --map FILE as the output: refused, naming the option and the file")
    func soundAndMap() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.dir) }
        try place.original.write(to: place.dir.appendingPathComponent("accent.wav"))
        #expect(link(place.victim.path, place.dir.appendingPathComponent("hard.wav").path) == 0)
        try place.expectRefused("render", "victim.wav", "120", "--sound", "victim.wav",
                                message: "the output 'victim.wav' is the input --sound 'victim.wav': choose another output file")
        try place.expectRefused("render", "hard.wav", "120", "--sound", "accent.wav,victim.wav",
                                message: "the output 'hard.wav' is the input --sound 'victim.wav': choose another output file")
        let map = place.dir.appendingPathComponent("song.klick")
        try "4 120\n".write(to: map, atomically: true, encoding: .utf8)
        try place.expectRefused("render", "song.klick", "--map", "song.klick", "--format", "wav16",
                                message: "the output 'song.klick' is the input --map 'song.klick': choose another output file")
        #expect(try String(contentsOf: map, encoding: .utf8) == "4 120\n")
    }

    @Test("a playlist holding the output (directly, or through a symbolic link to it): refused, naming the track and the playlist")
    func playlist() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.dir) }
        try place.original.write(to: place.dir.appendingPathComponent("other.wav"))
        #expect(try place.woodshed("playlist", "create", "mix").status == 0)
        #expect(try place.woodshed("playlist", "add", "mix", "other.wav", "victim.wav").status == 0)
        let track = place.dir.appendingPathComponent("victim.wav").path
        try place.expectRefused("render", "victim.wav", "--playlist", "mix",
                                message: "the output 'victim.wav' is the input track 2 of playlist 'mix' ('\(track)'): choose another output file")
        #expect(symlink(place.victim.path, place.dir.appendingPathComponent("soft.wav").path) == 0)
        try place.expectRefused("render", "soft.wav", "--playlist", "mix",
                                message: "the output 'soft.wav' is the input track 2 of playlist 'mix' ('\(track)'): choose another output file")
    }

    /// Starts a long render over an existing `long.flac`, sends `signal` once it writes, and
    /// returns its exit (status, reason, stderr) and the folder's files afterwards.
    func interruptedRender(by signal: Int32) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String, files: [String], kept: Bool) {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("long.flac")
        try Data("precious".utf8).write(to: out)
        let errors = try E2E.tempDir().appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2E.woodshed)
        // 200 000 bars of FLAC: minutes of work, little disk.
        p.arguments = ["render", out.path, "120", "--bars", "200000"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: errors)
        // As from a shell in a terminal: SIGHUP's default action (ending the process) in place.
        try p.runWithSignalsUnblocked()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        let partial = dir.appendingPathComponent(".long.flac.partial-\(p.processIdentifier)").path
        let writing = PrivateJackServer.wait(timeout: 20) { FileManager.default.fileExists(atPath: partial) }
        try #require(writing, "the render never started writing")
        kill(p.processIdentifier, signal)
        let stopped = PrivateJackServer.wait(timeout: 10) { !p.isRunning }
        #expect(stopped, "still rendering 10 s after signal \(signal)")
        if !stopped { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason, (try? String(contentsOf: errors, encoding: .utf8)) ?? "",
                try FileManager.default.contentsOfDirectory(atPath: dir.path), try Data(contentsOf: out) == Data("precious".utf8))
    }

    @Test("a closed terminal (SIGHUP) during a render ends it as SIGTERM does: the partial file removed, the old output untouched, status 1")
    func hangUp() throws {
        let hup = try interruptedRender(by: SIGHUP)
        let term = try interruptedRender(by: SIGTERM)
        for (name, r) in [("SIGHUP", hup), ("SIGTERM", term)] {
            #expect(r.reason == .exit && r.status == 1, "\(name): \(r.reason) \(r.status)")
            #expect(r.stderr == "Error: interrupted; nothing was written\n", "\(name): \(r.stderr)")
            #expect(r.files == ["long.flac"], "\(name)")
            #expect(r.kept, "\(name): the old output changed")
        }
    }

    @Test("a render removes the partial files of dead renders and of PIDs now used by other programs; a running woodshed's stays")
    func stalePartials() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: bin) }
        // A live process whose /proc/PID/comm is "woodshed": a copy of sleep under that name.
        let fake = bin.appendingPathComponent("woodshed")
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: fake.path)
        let live = try Process.run(fake, arguments: ["30"])
        defer { kill(live.processIdentifier, SIGKILL); live.waitUntilExit() }
        let other = try Process.run(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        defer { kill(other.processIdentifier, SIGKILL); other.waitUntilExit() }
        let dead = try Process.run(URL(fileURLWithPath: "/bin/true"), arguments: [])
        dead.waitUntilExit()
        let planted = [".x.wav.partial-\(dead.processIdentifier)", ".y.wav.partial-\(live.processIdentifier)",
                       ".z.wav.partial-\(other.processIdentifier)", "notes.partial-\(dead.processIdentifier)"]
        for name in planted { try Data(count: 1_000).write(to: dir.appendingPathComponent(name)) }
        let out = dir.appendingPathComponent("click.wav").path
        let r = try E2E.run(E2E.woodshed, ["render", out, "120", "--bars", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                == [".y.wav.partial-\(live.processIdentifier)", "click.wav", "notes.partial-\(dead.processIdentifier)"])
    }
}
