import Foundation
import Testing
import WoodshedTestSupport

@Suite("Bad input: one clear line, non-zero exit, nothing written")
struct UserErrorTests {
    func expectError(_ args: [String], _ message: String, noFileAt path: String? = nil) throws {
        let r = try E2E.run(E2E.woodshed, args)
        #expect(r.status != 0)
        #expect(r.stderr.hasPrefix("Error: \(message)\n"), "got: \(r.stderr)")
        #expect(r.stdout == "")
        if let path { #expect(!FileManager.default.fileExists(atPath: path)) }
    }

    @Test("tempo out of range or malformed")
    func badTempo() throws {
        let dir = try E2E.tempDir()
        let out = dir.appendingPathComponent("x.wav").path
        try expectError(["render", out, "1001"], "tempo 1001 is out of range: use 1 to 1000 BPM", noFileAt: out)
        try expectError(["render", out, "0"], "tempo 0 is out of range: use 1 to 1000 BPM", noFileAt: out)
        try expectError(["render", out, "fast"],
                        "tempo 'fast' is not valid: write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)",
                        noFileAt: out)
    }

    @Test("unwritable path, unknown format, missing sample file")
    func files() throws {
        let dir = try E2E.tempDir()
        try expectError(["render", "/nonexistent-dir/x.wav", "120"], "cannot write '/nonexistent-dir/x.wav': folder '/nonexistent-dir' does not exist")
        // A file where a folder should be: said in words, not as libsndfile's "System error : Not a directory."
        let plain = dir.appendingPathComponent("plain.wav").path
        FileManager.default.createFile(atPath: plain, contents: Data("x".utf8))
        try expectError(["render", plain + "/x.wav", "120"], "cannot write '\(plain)/x.wav': '\(plain)' is a file, not a folder")
        try expectError(["render", plain + "/sub/x.wav", "120"], "cannot write '\(plain)/sub/x.wav': a part of '\(plain)/sub' is a file, not a folder")
        try FileManager.default.removeItem(atPath: plain)
        let aac = dir.appendingPathComponent("x.aac").path
        try expectError(["render", aac, "120"], "cannot tell the format of '\(aac)': name it .wav, .flac, .mp3, .ogg or .opus, or give --format", noFileAt: aac)
        let out = dir.appendingPathComponent("y.wav").path
        try expectError(["render", out, "120", "--format", "aac"], "unknown format 'aac': use wav16, wav24, wav32f, flac16, flac24, mp3, ogg or opus", noFileAt: out)
        try expectError(["render", out, "120", "--sound", "/nonexistent/a.wav"], "cannot open sound file '/nonexistent/a.wav': No such file or directory", noFileAt: out)
        try expectError(["render", out, "120", "--sound", "kazoo"],
                        "unknown sound 'kazoo': use one of beep, woodblock, cowbell, clave, stick, hihat, square, or a sound file (.wav, .flac, .ogg), or two as accent,normal",
                        noFileAt: out)
        // nothing left behind in the folder, not even a temporary file
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test("a bad tempo-map line names file and line; nothing is rendered")
    func badMap() throws {
        let dir = try E2E.tempDir()
        let map = dir.appendingPathComponent("song.klick")
        try "intro: 4 120\n4 7/8 133 X..x\n".write(to: map, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("song.wav").path
        let r = try E2E.run(E2E.woodshed, ["render", out, "--map", map.path])
        #expect(r.status != 0)
        #expect(r.stderr.hasPrefix("Error: \(map.path):2: "), "got: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an existing file is replaced only when the render completes; Ctrl-C leaves it untouched, even from a parent that blocks SIGINT")
    func interrupted() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("long.flac")
        try Data("precious".utf8).write(to: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2E.woodshed)
        // 200 000 bars of FLAC: minutes of work, little disk, should the interrupt be lost.
        p.arguments = ["render", out.path, "120", "--bars", "200000"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        // Started with SIGINT blocked, as Foundation starts children from a thread that blocks
        // it: woodshed must unblock it (it once rendered on to a full disk here).
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        pthread_sigmask(SIG_BLOCK, &block, &old)
        try p.run()
        pthread_sigmask(SIG_SETMASK, &old, nil)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        // Ctrl-C once the render writes (its temporary file exists).
        let partial = dir.appendingPathComponent(".long.flac.partial-\(p.processIdentifier)").path
        let writing = PrivateJackServer.wait(timeout: 20) { FileManager.default.fileExists(atPath: partial) }
        try #require(writing, "the render never started writing")
        kill(p.processIdentifier, SIGINT)
        let stopped = PrivateJackServer.wait(timeout: 10) { !p.isRunning }
        #expect(stopped, "still rendering 10 s after Ctrl-C")
        if !stopped { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationStatus != 0)
        #expect(try Data(contentsOf: out) == Data("precious".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.flac"])
    }

    @Test("a WAV bigger than the free space is refused at once, naming both sizes; nothing written")
    func noRoom() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("huge.wav").path
        // 1 000 000 bars of 4/4 at 120 BPM at 384 kHz, 32-bit float: 2 000 000 s, 3.1 TB.
        let r = try E2E.run(E2E.woodshed, ["render", out, "120", "--bars", "1000000", "--rate", "384000", "--format", "wav32f"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: cannot write '\(out)': it needs 3.1 TB, but only "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" are free there\n") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test("--help on every subcommand, and a completion script")
    func help() throws {
        for args in [["--help"], ["render", "--help"], ["presets", "--help"], ["presets", "list", "--help"]] {
            let r = try E2E.run(E2E.woodshed, args)
            #expect(r.status == 0 && r.stdout.contains("USAGE:"), "\(args)")
        }
        let c = try E2E.run(E2E.woodshed, ["--generate-completion-script", "bash"])
        #expect(c.status == 0 && c.stdout.contains("_woodshed"))
    }
}
