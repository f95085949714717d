import CSndFile
import Foundation
import Synchronization
import Testing
import WoodshedTestSupport

/// A folder with audio files and its own `XDG_DATA_HOME`, and `woodshed sections` run in it.
private struct SectionsFolder {
    let dir: URL
    var data: URL { dir.appendingPathComponent("data") }
    var sections: URL { data.appendingPathComponent("woodshed/sections") }
    var cache: URL { dir.appendingPathComponent("cache") }
    /// The folder as the binary sees it (symbolic links resolved, as getcwd gives it).
    var realDir: String { dir.resolvingSymlinksInPath().path }

    init() throws {
        dir = try E2E.tempDir()
    }

    /// A mono 16-bit WAV of `seconds` at `rate`: a quiet sine, so the content is the same every run.
    @discardableResult
    func wav(_ name: String, seconds: Int = 10, rate: Int = 48_000) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let samples = (0..<(seconds * rate)).map { Float(sin(Double($0) * 2 * Double.pi * 220 / Double(rate)) * 0.25) }
        try TestAudio.write(path, samples, rate: rate)
        return path
    }

    /// `woodshed ARGS` in this folder, with this folder's data home.
    func run(_ args: String...) throws -> E2E.Result { try run(args) }

    func run(_ args: [String]) throws -> E2E.Result {
        try E2E.run(E2E.woodshed, args, cwd: dir, environment: ["XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": cache.path])
    }

    /// Names in the sections folder, sorted.
    var stored: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sections.path)) ?? []).sorted()
    }

    /// The one practice file (its name is the audio's fingerprint).
    var practiceFile: URL? {
        stored.first { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { sections.appendingPathComponent($0) }
    }

    func text(_ url: URL?) -> String? {
        url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }
}

@Suite("woodshed sections: mark, list and edit the sections of an audio file")
struct SectionsCommandTests {
    @Test("a new file has no sections yet, and nothing is written for it")
    func empty() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        let r = try f.run("sections", "song.wav")
        #expect(r.status == 0 && r.stdout == "no sections yet\n" && r.stderr == "", "\(r)")
        #expect(try f.run("sections", "song.wav", "list").stdout == "no sections yet\n")
        #expect(!FileManager.default.fileExists(atPath: f.sections.path))
    }

    @Test("add, list, nudge, set, move, rename, rm: exact output, and the JSON on disk byte for byte")
    func story() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        func ok(_ args: String..., says expected: String) throws {
            let r = try f.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stderr == "", "\(args)")
            #expect(r.stdout == expected + "\n", "\(args)")
        }
        try ok("sections", "song.wav", "add", "intro", "0", "2", says: "added section 1 'intro': 0:00.000 to 0:02.000 (0:02.000); 1 pass, then next")
        try ok("sections", "song.wav", "add", "the hard bar", "0:02.5", "6500ms", "--repeat", "4", "--gap", "2s", "--count-in", "1",
               "--speeds", "0.6,0.8,1", "--advance", "next",
               says: "added section 2 'the hard bar': 0:02.500 to 0:06.500 (0:04.000); 4 passes, gap 2s, count-in 1 bar, speeds 0.6 0.8 1, then next")
        try ok("sections", "song.wav", "add", "outro", "8", "10", "--repeat", "endless", "--gap", "1.5x", "--advance", "loop-all",
               says: "added section 3 'outro': 0:08.000 to 0:10.000 (0:02.000); endless, gap 1.5x, then loop all")
        try ok("sections", "song.wav", "list", says: """
            #  name          from      to        length    plan
            1  intro         0:00.000  0:02.000  0:02.000  1 pass, then next
            2  the hard bar  0:02.500  0:06.500  0:04.000  4 passes, gap 2s, count-in 1 bar, speeds 0.6 0.8 1, then next
            3  outro         0:08.000  0:10.000  0:02.000  endless, gap 1.5x, then loop all

            0:00.000 [1───────────··2───────────────────────········3───────────] 0:10.000
            """)
        guard let url = f.practiceFile else { Issue.record("no practice file in \(f.stored)"); return }
        let name = url.lastPathComponent
        #expect(name.hasPrefix("s960044-f480000-r48000-") && name.count == "s960044-f480000-r48000-".count + 16 + 5, "\(name)")
        let fingerprint = String(name.dropLast(5))
        let afterAdds = f.text(url)

        try ok("sections", "song.wav", "nudge", "the hard bar", "start", "-10ms",
               says: "nudged 'the hard bar' start by -0:00.010: 0:02.490 to 0:06.500 (0:04.010)")
        try ok("sections", "song.wav", "nudge", "2", "end", says: "nudged 'the hard bar' end by 0:00.010: 0:02.490 to 0:06.510 (0:04.020)")
        #expect(f.text(f.sections.appendingPathComponent(name + ".bak")) != afterAdds)  // one backup: the version before the last save
        try ok("sections", "song.wav", "set", "2", "--repeat", "8", "--speeds", "none", "--count-in", "0",
               says: "section 2 'the hard bar': 8 passes, gap 2s, then next")
        try ok("sections", "song.wav", "move", "outro", "1", says: "moved 'outro' to position 1")
        try ok("sections", "song.wav", "rename", "intro", "verse", says: "renamed section 2 'intro' to 'verse'")
        let beforeRm = f.text(url)
        try ok("sections", "song.wav", "rm", "3", says: "removed section 3 'the hard bar'")
        #expect(f.text(f.sections.appendingPathComponent(name + ".bak")) == beforeRm)
        #expect(f.stored == [name, name + ".bak", name + ".bak.2", name + ".bak.3", name + ".bak.4", name + ".bak.5"])
        #expect(f.text(url) == """
            {
              "schemaVersion": 1,
              "fingerprint": "\(fingerprint)",
              "lastKnownPath": "\(f.realDir)/song.wav",
              "rate": 48000,
              "frames": 480000,
              "sections": [
                {
                  "name": "outro",
                  "from": 384000,
                  "to": 480000,
                  "repeat": "endless",
                  "gap": "1.5x",
                  "countIn": 0,
                  "advance": "loop-all"
                },
                {
                  "name": "verse",
                  "from": 0,
                  "to": 96000,
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "next"
                }
              ],
              "settings": {}
            }

            """)
        try ok("sections", "song.wav", "rm", "outro", says: "removed section 1 'outro'")
        try ok("sections", "song.wav", "rm", "verse", says: "removed section 1 'verse'")
        try ok("sections", "song.wav", says: "no sections yet")
    }

    @Test("the same recording under another name is found by its content; its new path is remembered with the next change")
    func foundByContent() throws {
        let f = try SectionsFolder()
        try f.wav("take.wav")
        #expect(try f.run("sections", "take.wav", "add", "A", "1", "2").status == 0)
        try FileManager.default.createDirectory(at: f.dir.appendingPathComponent("moved"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: f.dir.appendingPathComponent("take.wav"), to: f.dir.appendingPathComponent("moved/renamed.wav"))
        let r = try f.run("sections", "moved/renamed.wav")
        #expect(r.stdout == """
            #  name  from      to        length    plan
            1  A     0:01.000  0:02.000  0:01.000  1 pass, then next

            0:00.000 [·····1──────··············································] 0:10.000

            """, "\(r.stderr)")
        #expect(f.text(f.practiceFile)?.contains("\"lastKnownPath\": \"\(f.realDir)/take.wav\",") == true, "listing writes nothing")
        #expect(try f.run("sections", "moved/renamed.wav", "set", "A", "--repeat", "2").status == 0)
        #expect(f.text(f.practiceFile)?.contains("\"lastKnownPath\": \"\(f.realDir)/moved/renamed.wav\",") == true)
        // A different recording (another length) has its own, empty, file.
        try f.wav("other.wav", seconds: 5)
        #expect(try f.run("sections", "other.wav").stdout == "no sections yet\n")
    }

    /// Runs `args` and checks that it fails with exactly `error` on one line and changes no file.
    private func refused(_ f: SectionsFolder, _ args: [String], _ error: String, status: Int32 = 1,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = f.stored.map { f.text(f.sections.appendingPathComponent($0)) }
        let r = try f.run(args)
        #expect(r.status == status, "\(args)", sourceLocation: sourceLocation)
        #expect(r.stdout == "", "\(args)", sourceLocation: sourceLocation)
        #expect(r.stderr == "Error: \(error)\n", "\(args)", sourceLocation: sourceLocation)
        #expect(f.stored.map { f.text(f.sections.appendingPathComponent($0)) } == before, "\(args) changed a file",
                sourceLocation: sourceLocation)
    }

    @Test("bad input: one line on stderr, exit 1, nothing written")
    func badInput() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        #expect(try f.run("sections", "song.wav", "add", "intro", "0", "2").status == 0)
        #expect(try f.run("sections", "song.wav", "add", "verse", "2", "4").status == 0)
        let timeHelp = "write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)"
        let cases: [([String], String)] = [
            (["rm", "bridge"], "no section 'bridge' (the sections are: 1 intro, 2 verse)"),
            (["nudge", "3", "start"], "no section 3 (the sections are: 1 intro, 2 verse)"),
            (["add", "x", "1:75", "2"], "time '1:75' is not valid: \(timeHelp)"),
            (["add", "x", "abc", "2"], "time 'abc' is not valid: \(timeHelp)"),
            (["add", "x", "5", "10.001"], "'x' would end at 0:10.001, past the end of the audio (0:10.000)"),
            (["add", "x", "5", "4"], "'x' would end (0:04.000) before it starts (0:05.000)"),
            (["add", "x", "5", "5"], "'x' would be empty: it starts and ends at 0:05.000"),
            (["add", "verse", "5", "6"], "there is already a section named 'verse' (number 2)"),
            (["add", "7", "5", "6"], "a section name can't be a whole number (numbers pick sections by position)"),
            (["add", "x", "5", "6", "--repeat", "0"], "--repeat 0 is out of range: use 1 to 10000, or endless"),
            (["add", "x", "5", "6", "--gap", "soon"], "gap 'soon' is not valid: write a time (2s, 1500ms) or a multiple of the pass (1.5x)"),
            (["add", "x", "5", "6", "--speeds", "0.6,3"], "speed '3' is not valid: use 0.25 to 2.0 (or 25% to 200%), at most three decimals"),
            (["add", "x", "5", "6", "--advance", "on"], "--advance takes next, stop or loop-all, not 'on'"),
            (["add", "x", "5"], "add: Missing expected argument '<to>' (see woodshed sections FILE add --help)"),
            (["rename", "verse", "intro"], "there is already a section named 'intro' (number 1)"),
            (["move", "verse", "3"], "position 3 is out of range: there are 2 sections"),
            (["nudge", "verse", "end", "6.001s"], "'verse' would end at 0:10.001, past the end of the audio (0:10.000)"),
            (["nudge", "intro", "start", "-1ms"], "'intro' would start before the audio does (at -0:00.001)"),
            (["nudge", "intro", "middle"], "nudge 'start' or 'end', not 'middle'"),
            (["set", "intro"], "set: give at least one of --repeat, --gap, --count-in, --speeds, --advance"),
            (["frob"], "unknown action 'frob': use list, add, rm, rename, move, nudge, set, advance, reset, export, import, split, text, history, restore or undo"),
            (["import", "missing.json"], "can't read 'missing.json': No such file or directory"),
        ]
        for (args, error) in cases {
            try refused(f, ["sections", "song.wav"] + args, error)
        }
        try refused(f, ["sections", "missing.wav", "list"], "missing.wav: cannot open: No such file or directory")
        // 6 s past 0:04.000 is exactly the end: allowed.
        #expect(try f.run("sections", "song.wav", "nudge", "verse", "end", "6s").stdout
            == "nudged 'verse' end by 0:06.000: 0:02.000 to 0:10.000 (0:08.000)\n")
    }

    @Test("file errors say what, where and why in words: a data folder under a file, a folder to import, a folder to export over")
    func fileErrorsInWords() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        let notAFolder = f.dir.appendingPathComponent("notes")
        try Data("x".utf8).write(to: notAFolder)
        let r = try E2E.run(E2E.woodshed, ["sections", "song.wav", "add", "A", "0", "1"], cwd: f.dir,
                            environment: ["XDG_DATA_HOME": notAFolder.path, "XDG_CACHE_HOME": f.cache.path])
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == "Error: \(f.realDir)/notes/woodshed/sections: can't create the folder: \(f.realDir)/notes is a file, not a folder\n")
        try FileManager.default.createDirectory(at: f.dir.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try refused(f, ["sections", "song.wav", "import", "folder.json"], "can't read 'folder.json': Is a directory")
        #expect(try f.run("sections", "song.wav", "add", "A", "0", "1").status == 0)
        try refused(f, ["sections", "song.wav", "export", "folder.json"], "can't write 'folder.json': it is a folder, not a file")
    }

    @Test("a practice file that does not parse is reported with its place and left untouched, byte for byte")
    func corrupt() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        #expect(try f.run("sections", "song.wav", "add", "intro", "0", "2").status == 0)
        #expect(try f.run("sections", "song.wav", "add", "verse", "2", "4").status == 0)
        guard let url = f.practiceFile else { Issue.record("no practice file"); return }
        let broken = "{\n  \"schemaVersion\": 1,\n  \"sections\": [\n    {\"name\" \"intro\"}\n"
        try Data(broken.utf8).write(to: url)
        let bak = try Data(contentsOf: f.sections.appendingPathComponent(url.lastPathComponent + ".bak"))
        let message = "\(url.path):4:13: not valid JSON: invalid value (the file is left as it is: fix it, or remove it to start again)"
        for args in [["list"], ["add", "verse", "2", "4"], ["rm", "intro"], ["import", "x.json"]] {
            try refused(f, ["sections", "song.wav"] + args, message)
        }
        #expect(try Data(contentsOf: url) == Data(broken.utf8))
        #expect(try Data(contentsOf: f.sections.appendingPathComponent(url.lastPathComponent + ".bak")) == bak)

        // A field that is wrong names the field.
        try Data(f.text(f.sections.appendingPathComponent(url.lastPathComponent + ".bak"))!
            .replacingOccurrences(of: "\"to\": 96000", with: "\"to\": 960000").utf8).write(to: url)
        try refused(f, ["sections", "song.wav", "list"], "\(url.path): sections[0].to: frame 960000 is past the end of the audio "
            + "(480000 frames, 0:10.000) (the file is left as it is: fix it, or remove it to start again)")
        // Removed, the sections start again from nothing.
        try FileManager.default.removeItem(at: url)
        #expect(try f.run("sections", "song.wav").stdout == "no sections yet\n")
    }

    @Test("export writes the sections with readable times; import merges them by name into another recording")
    func exportImport() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        #expect(try f.run("sections", "song.wav", "add", "intro", "0", "2").status == 0)
        #expect(try f.run("sections", "song.wav", "add", "verse", "2.5", "6.25", "--repeat", "3", "--speeds", "0.75,1").status == 0)
        let r = try f.run("sections", "song.wav", "export", "out.json")
        #expect(r.stdout == "exported 2 sections to out.json\n" && r.status == 0, "\(r.stderr)")
        let fingerprint = String(f.practiceFile!.lastPathComponent.dropLast(5))
        #expect(f.text(f.dir.appendingPathComponent("out.json")) == """
            {
              "schemaVersion": 1,
              "audio": "\(f.realDir)/song.wav",
              "fingerprint": "\(fingerprint)",
              "rate": 48000,
              "frames": 480000,
              "sections": [
                {
                  "name": "intro",
                  "from": 0,
                  "to": 96000,
                  "fromTime": "0:00.000",
                  "toTime": "0:02.000",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "next"
                },
                {
                  "name": "verse",
                  "from": 120000,
                  "to": 300000,
                  "fromTime": "0:02.500",
                  "toTime": "0:06.250",
                  "repeat": 3,
                  "countIn": 0,
                  "speeds": [0.75, 1],
                  "advance": "next"
                }
              ]
            }

            """)

        // The same song at 44.1 kHz, with its own "intro": frames are converted, "intro" replaced.
        try f.wav("song-44k.wav", rate: 44_100)
        #expect(try f.run("sections", "song-44k.wav", "add", "intro", "0", "1").status == 0)
        #expect(try f.run("sections", "song-44k.wav", "add", "solo", "7", "9").status == 0)
        let i = try f.run("sections", "song-44k.wav", "import", "out.json")
        #expect(i.status == 0 && i.stderr == "", "\(i.stderr)")
        #expect(i.stdout == """
            replaced 'intro': 0:00.000 to 0:02.000 (0:02.000); 1 pass, then next
            added 'verse': 0:02.500 to 0:06.250 (0:03.750); 3 passes, speeds 0.75 1, then next
            imported 2 sections from out.json: 1 added, 1 replaced

            """)
        #expect(try f.run("sections", "song-44k.wav").stdout == """
            #  name   from      to        length    plan
            1  intro  0:00.000  0:02.000  0:02.000  1 pass, then next
            2  solo   0:07.000  0:09.000  0:02.000  1 pass, then next
            3  verse  0:02.500  0:06.250  0:03.750  3 passes, speeds 0.75 1, then next

            0:00.000 [1───────────··3─────────────────────····2───────────······] 0:10.000

            """)

        // A shorter recording: "verse" ends after it does, so nothing is imported.
        try f.wav("short.wav", seconds: 5)
        try refused(f, ["sections", "short.wav", "import", "out.json"],
                    "out.json: sections[1].to: 0:06.250 is past the end of this audio (0:05.000)")
        #expect(try f.run("sections", "short.wav").stdout == "no sections yet\n")
    }
}

/// `woodshed sections` saves killed with SIGKILL at random moments: the practice file always
/// parses and is always one of the versions written.
@Suite("woodshed sections survives kill -9 during saves", .serialized)
struct SectionsDurabilityTests {
    /// Starts `woodshed args` with stdout discarded and stderr into `stderrPath`; returns its
    /// PID (not yet reaped).
    func spawn(_ args: [String], env: [String: String], stderrPath: String = "/dev/null") -> pid_t {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([E2E.woodshed] + args).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        let rc = posix_spawn(&pid, E2E.woodshed, &actions, nil, argv, envp)
        precondition(rc == 0, "posix_spawn: \(rc)")
        return pid
    }

    /// Waits for `pid`; the signal that killed it, or nil when it exited (with status 0 expected).
    func reap(_ pid: pid_t) -> (signal: Int32?, exitCode: Int32) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (nil, (status >> 8) & 0xff) : (status & 0x7f, 0)
    }

    @Test("200 kills at random moments of `nudge` saves: the file and its backup always parse, always a written version")
    func killDuringSaves() throws {
        let f = try SectionsFolder()
        let song = try f.wav("song.wav")
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = f.data.path
        env["XDG_CACHE_HOME"] = f.cache.path
        #expect(try f.run("sections", song, "add", "A", "0", "1").status == 0)
        guard let url = f.practiceFile else { Issue.record("no practice file"); return }
        let backup = URL(fileURLWithPath: url.path + ".bak")
        // Version k has the end of A at 48000 + 48·k frames (each nudge adds 1 ms).
        let template = try String(contentsOf: url, encoding: .utf8)
        #expect(template.components(separatedBy: "\"to\": 48000,").count == 2)
        func version(_ k: Int) -> String { template.replacingOccurrences(of: "\"to\": 48000,", with: "\"to\": \(48_000 + 48 * k),") }
        let nudge = ["sections", song, "nudge", "A", "end", "1ms"]

        // How long one save takes, start to exit.
        var k = 0
        var times: [Double] = []
        for _ in 0..<5 {
            let t0 = Date()
            let pid = spawn(nudge, env: env)
            #expect(reap(pid).exitCode == 0)
            times.append(Date().timeIntervalSince(t0))
            k += 1
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == version(k))
        let typical = times.sorted()[2]

        // The kill comes 30-100 % of `window` after the start. The window follows the machine's
        // speed: it shrinks when a run ended before its kill, and grows when the kill came first.
        var window = typical
        let stderrPath = f.dir.appendingPathComponent("stderr.txt").path
        var kills = 0, finished = 0, midWrite = 0, killedAfterRename = 0, attempts = 0
        var rng = SystemRandomNumberGenerator()
        while kills < 200 && attempts < 2000 {
            attempts += 1
            let pid = spawn(nudge, env: env, stderrPath: stderrPath)
            usleep(UInt32(Double.random(in: 0.3...1, using: &rng) * window * 1_000_000))
            kill(pid, SIGKILL)
            let (signal, code) = reap(pid)
            let text = try String(contentsOf: url, encoding: .utf8)
            let next: Int
            if text == version(k) {
                next = k
            } else if text == version(k + 1) {
                next = k + 1
            } else {
                Issue.record("after attempt \(attempts) the file is no version written:\n\(text)")
                return
            }
            if let backupText = try? String(contentsOf: backup, encoding: .utf8) {
                #expect(backupText == version(next - 1) || backupText == version(next - 2) || backupText == version(next),
                        "backup after attempt \(attempts)")
                #expect((try? JSONSerialization.jsonObject(with: Data(backupText.utf8))) != nil)
            }
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
            window = signal == SIGKILL ? min(window * 1.05, 5) : window * 0.8
            if signal == SIGKILL {
                kills += 1
                if next == k + 1 { killedAfterRename += 1 }
                if f.stored.contains(where: { $0.hasSuffix(".partial-\(pid)") }) { midWrite += 1 }
            } else {
                #expect(code == 0 && next == k + 1, "attempt \(attempts) exited \(code): \((try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")")
                finished += 1
            }
            k = next
        }
        #expect(kills == 200)
        print("sections durability: \(kills) kills in \(attempts) runs (typical run \(Int(typical * 1000)) ms, "
              + "kill window at the end \(Int(window * 1000)) ms); "
              + "\(midWrite) left a temporary file (killed mid-write), \(killedAfterRename) after the new version was in place, "
              + "\(kills - killedAfterRename) before it; \(finished) runs finished; \(k) versions saved")
        // The next save removes the temporary files the killed saves left; 5 more fill every
        // backup generation (a kill between two renames of the rotation leaves a gap for a while).
        for _ in 1...5 { #expect(reap(spawn(nudge, env: env)).exitCode == 0) }
        let name = url.lastPathComponent
        #expect(f.stored == [name, name + ".bak", name + ".bak.2", name + ".bak.3", name + ".bak.4", name + ".bak.5"])
        #expect(try String(contentsOf: url, encoding: .utf8) == version(k + 5))
        #expect(try (1...5).map { try String(contentsOf: BackupURL.generation($0, of: url), encoding: .utf8) }
            == (0..<5).map { version(k + 4 - $0) })
    }

    @Test("12 `sections add` commands at once, each adding its own section: all 12 are saved")
    func concurrentAdds() throws {
        let f = try SectionsFolder()
        let song = try f.wav("song.wav")
        #expect(try f.run("sections", song, "add", "first", "0", "0.5").status == 0)
        let results = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 12) { k in
            let r = try? f.run("sections", song, "add", "s\(k)", "\(k / 2 + 1)", "\(k / 2 + 1).5")
            results.withLock { $0.append(r?.status ?? -1) }
        }
        #expect(results.withLock { $0 } == Array(repeating: 0, count: 12))
        let list = try f.run("sections", song, "list")
        let names = Set(list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) })
        #expect(names.isSuperset(of: ["first"] + (0..<12).map { "s\($0)" }), "\(list.stdout)")
        #expect(list.stdout.split(separator: "\n").count == 1 + 13 + 1, "\(list.stdout)")  // heading, sections, timeline
    }

    /// `NAME.bak`, `NAME.bak.2`, …: backup N of a file.
    private enum BackupURL {
        static func generation(_ n: Int, of url: URL) -> URL { url.appendingPathExtension(n == 1 ? "bak" : "bak.\(n)") }
    }

    /// Every file under `folder`: its path, bytes and modification time.
    private func snapshot(_ folder: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in paths {
            let full = folder.appendingPathComponent(path).path
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let bytes = attributes[.type] as? FileAttributeType == .typeRegular ? (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString() : "folder"
            out[path] = "\(date) \(bytes)"
        }
        return out
    }

    @Test("listing the sections from another path to the same audio writes nothing: an rm stays undoable")
    func readingWritesNothing() throws {
        let f = try SectionsFolder()
        try f.wav("take.wav")
        #expect(try f.run("sections", "take.wav", "add", "A", "1", "2").status == 0)
        #expect(try f.run("sections", "take.wav", "add", "B", "2", "3").status == 0)
        #expect(try f.run("sections", "take.wav", "rm", "B").status == 0)
        try FileManager.default.copyItem(at: f.dir.appendingPathComponent("take.wav"), to: f.dir.appendingPathComponent("copy.wav"))
        let before = try snapshot(f.data)
        for args in [["sections", "copy.wav"], ["sections", "copy.wav", "list"], ["sections", "copy.wav", "history"]] {
            let r = try f.run(args)
            #expect(r.status == 0 && r.stderr == "", "\(args): \(r.stderr)")
        }
        #expect(try snapshot(f.data) == before)
        // So the rm can still be undone.
        let r = try f.run("sections", "copy.wav", "undo")
        #expect(r.stdout == "restored backup 1: + B (the version it replaced is backup 1: undo brings it back)\n", "\(r.stderr)")
        #expect(try f.run("sections", "take.wav").stdout == """
            #  name  from      to        length    plan
            1  A     0:01.000  0:02.000  0:01.000  1 pass, then next
            2  B     0:02.000  0:03.000  0:01.000  1 pass, then next

            0:00.000 [·····1─────2─────·········································] 0:10.000

            """)
    }

    @Test("history lists the versions with local times and what changed; rm then undo, restore N, and undo of a restore")
    func historyRestoreUndo() throws {
        let f = try SectionsFolder()
        try f.wav("song.wav")
        var minute = 0.0
        /// Runs a command that saves, then dates its save a minute after the one before.
        func saving(_ args: String..., says expected: String) throws {
            let r = try f.run(["sections", "song.wav"] + args)
            #expect(r.status == 0 && r.stderr == "" && r.stdout == expected + "\n", "\(args): \(r)")
            guard let url = f.practiceFile else { Issue.record("no practice file"); return }
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000 + minute * 60)],
                                                  ofItemAtPath: url.path)
            minute += 1
        }
        func history() throws -> E2E.Result {
            try E2E.run(E2E.woodshed, ["sections", "song.wav", "history"], cwd: f.dir,
                        environment: ["XDG_DATA_HOME": f.data.path, "XDG_CACHE_HOME": f.cache.path, "TZ": "UTC"])
        }
        #expect(try history().stdout == "no saved versions yet\n")
        try saving("add", "intro", "0", "2", says: "added section 1 'intro': 0:00.000 to 0:02.000 (0:02.000); 1 pass, then next")
        try saving("add", "verse", "2", "4", says: "added section 2 'verse': 0:02.000 to 0:04.000 (0:02.000); 1 pass, then next")
        try saving("set", "verse", "--repeat", "4", says: "section 2 'verse': 4 passes, then next")
        try saving("rm", "intro", says: "removed section 1 'intro'")
        let h = try history()
        #expect(h.status == 0 && h.stderr == "")
        #expect(h.stdout == """
            current  2027-01-15 08:03:00  - intro
                  1  2027-01-15 08:02:00  ~ verse (repeat 1→4)
                  2  2027-01-15 08:01:00  + verse
                  3  2027-01-15 08:00:00  oldest kept: 1 section

            """)
        try saving("undo", says: "restored backup 1: + intro (the version it replaced is backup 1: undo brings it back)")
        #expect(try f.run("sections", "song.wav").stdout == """
            #  name   from      to        length    plan
            1  intro  0:00.000  0:02.000  0:02.000  1 pass, then next
            2  verse  0:02.000  0:04.000  0:02.000  4 passes, then next

            0:00.000 [1──────────2───────────···································] 0:10.000

            """)
        try saving("restore", "4", says: "restored backup 4: - verse (the version it replaced is backup 1: undo brings it back)")
        #expect(try f.run("sections", "song.wav").stdout == """
            #  name   from      to        length    plan
            1  intro  0:00.000  0:02.000  0:02.000  1 pass, then next

            0:00.000 [1───────────··············································] 0:10.000

            """)
        try saving("undo", says: "restored backup 1: + verse (the version it replaced is backup 1: undo brings it back)")
        #expect(try f.run("sections", "song.wav").stdout.contains("2  verse  0:02.000  0:04.000  0:02.000  4 passes, then next\n"))
        #expect(try history().stdout == """
            current  2027-01-15 08:06:00  + verse
                  1  2027-01-15 08:05:00  - verse
                  2  2027-01-15 08:04:00  + intro
                  3  2027-01-15 08:03:00  - intro
                  4  2027-01-15 08:02:00  ~ verse (repeat 1→4)
                  5  2027-01-15 08:01:00  oldest kept: 2 sections

            """)
        let none = try f.run("sections", "song.wav", "restore", "6")
        #expect(none.status == 1 && none.stdout == "")
        #expect(none.stderr == "Error: \(f.practiceFile!.path): there is no backup 6 (there are: 1, 2, 3, 4, 5)\n")
        // A current file that does not parse: list refuses it, undo brings back backup 1 and keeps it as backup 1.
        let url = try #require(f.practiceFile)
        let good = try Data(contentsOf: BackupURL.generation(1, of: url))
        try Data("{ oops".utf8).write(to: url)
        #expect(try f.run("sections", "song.wav", "list").status == 1)
        let undone = try f.run("sections", "song.wav", "undo")
        #expect(undone.status == 0 && undone.stderr == "")
        #expect(undone.stdout == "restored backup 1 (the version it replaced could not be read: it is kept as backup 1, "
                + "\(BackupURL.generation(1, of: url).path), to repair by hand; undo can't bring it back)\n")
        #expect(try Data(contentsOf: url) == good)
        #expect(try Data(contentsOf: BackupURL.generation(1, of: url)) == Data("{ oops".utf8))
    }
}
