import Foundation
import Testing

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
        let mp3 = dir.appendingPathComponent("x.mp3").path
        try expectError(["render", mp3, "120"], "cannot tell the format of '\(mp3)': name it .wav or .flac, or give --format", noFileAt: mp3)
        let out = dir.appendingPathComponent("y.wav").path
        try expectError(["render", out, "120", "--format", "mp3"], "unknown format 'mp3': use wav16, wav24, wav32f, flac16 or flac24", noFileAt: out)
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

    @Test("an existing file is replaced only when the render completes; Ctrl-C leaves it untouched")
    func interrupted() throws {
        let dir = try E2E.tempDir()
        let out = dir.appendingPathComponent("long.wav")
        try Data("precious".utf8).write(to: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2E.woodshed)
        p.arguments = ["render", out.path, "120", "--bars", "200000", "--rate", "96000", "--format", "wav32f"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(300_000)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus != 0)
        #expect(try Data(contentsOf: out) == Data("precious".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.wav"])
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
