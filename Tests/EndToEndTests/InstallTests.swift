import Foundation
import Testing
import WoodshedTestSupport

/// `make install` into a DESTDIR, the tree copied to another prefix, and woodshed run from there
/// with nothing of the repository: its data folder, man pages and completions.
@Suite("make install: woodshed runs from any prefix, with its presets, man pages and completions", .serialized)
struct InstallTests {
    /// An installed copy: `make install-files DESTDIR=stage`, then `stage/usr/local` copied to `prefix`.
    struct Installed {
        let folder: URL
        var stage: URL { folder.appendingPathComponent("stage") }
        var prefix: URL { folder.appendingPathComponent("elsewhere/opt/woodshed") }
        var bin: String { prefix.appendingPathComponent("bin/woodshed").path }

        init() throws {
            folder = try E2E.tempDir()
            let made = try E2E.run("make", ["-C", E2E.packageRoot.path, "--no-print-directory", "install-files",
                                            "DESTDIR=\(stage.path)", "PREFIX=/usr/local", "RELEASE=\(E2E.woodshed)"])
            try #require(made.status == 0, "make install-files failed (run `make man completions` first): \(made.stderr)")
            try FileManager.default.createDirectory(at: prefix.deletingLastPathComponent(), withIntermediateDirectories: true)
            let copied = try E2E.run("cp", ["-a", stage.appendingPathComponent("usr/local").path, prefix.path])
            try #require(copied.status == 0, "\(copied.stderr)")
        }

        /// The files under `root`, relative to it, sorted.
        static func files(under root: URL) -> [String] {
            let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return all.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
            }.sorted()
        }

        /// Runs `command` under `strace -f -e trace=openat` in the scratch folder, with the
        /// installed bin first on PATH; the result and every path opened.
        func traced(_ command: [String], environment: [String: String] = [:]) throws -> (result: E2E.Result, opened: [String]) {
            let trace = folder.appendingPathComponent("trace-\(UUID().uuidString)").path
            var env = environment
            env["PATH"] = prefix.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let r = try E2E.run("strace", ["-f", "-qq", "-e", "trace=openat", "-o", trace] + command, cwd: folder, environment: env)
            return (r, Self.openedPaths(try String(contentsOfFile: trace, encoding: .utf8)))
        }

        /// The paths in strace's `openat(AT_FDCWD, "PATH", ...)` lines.
        static func openedPaths(_ trace: String) -> [String] {
            trace.split(separator: "\n").compactMap { line in
                guard let start = line.range(of: "openat("), let q1 = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
                let rest = line[line.index(after: q1)...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static let presetNames = ["five-four", "gap-trainer", "rock-4-4", "seven-eight", "shuffle-12-8", "six-eight", "son-clave",
                              "speed-trainer", "waltz-3-4"]

    /// Fails the test for each path under the repository in `opened`.
    static func expectNothingFromTheRepository(_ opened: [String], _ what: String) {
        let repo = E2E.packageRoot.path + "/"
        #expect(!opened.isEmpty, "strace saw no openat at all for \(what)")
        #expect(opened.filter { $0.hasPrefix(repo) } == [], "\(what) opened files in the repository")
    }

    @Test("the installed tree: binary, data folder, a man page per command, completions for bash, zsh and fish; uninstall removes it all")
    func layout() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let files = Installed.files(under: installed.stage.appendingPathComponent("usr/local"))
        let presetsWant = Self.presetNames.map { "share/woodshed/presets/\($0).json" }
        #expect(files.filter { $0.hasPrefix("share/woodshed/presets/") } == presetsWant)
        #expect(files.filter { $0.hasPrefix("share/woodshed/noise/") }
                == ["focus", "masking", "practice-room", "sleep"].map { "share/woodshed/noise/\($0).json" })
        #expect(files.filter { $0.hasPrefix("share/woodshed/sounds/") }
                == ["alarm-beeps", "alarm-clock", "alarm-gentle", "brown", "fan", "ocean", "pink", "rain", "white"].map { "share/woodshed/sounds/\($0).json" })
        #expect(files.contains("share/woodshed/midi/expression-pedal.json") && files.contains("share/woodshed/midi/default.json"))
        #expect(files.filter { !$0.hasPrefix("share/woodshed/") && !$0.hasPrefix("share/man/") }
                == ["bin/woodshed", "share/bash-completion/completions/woodshed", "share/fish/vendor_completions.d/woodshed.fish",
                    "share/zsh/site-functions/_woodshed"])
        let pages = files.filter { $0.hasPrefix("share/man/man1/") }.map { String($0.dropFirst("share/man/man1/".count)) }
        #expect(pages.contains("woodshed.1") && pages.contains("woodshed-play.1") && pages.contains("woodshed-playlist-add.1")
                && pages.contains("woodshed-sections.1"), "\(pages)")
        #expect(pages.allSatisfy { $0 == "woodshed.1" || ($0.hasPrefix("woodshed-") && $0.dropLast(2).allSatisfy { $0 != "." }) }, "\(pages)")
        #expect(!pages.contains("woodshed-help.1"))
        let mode = try FileManager.default.attributesOfItem(atPath: installed.stage.path + "/usr/local/bin/woodshed")[.posixPermissions] as? Int
        #expect(mode == 0o755)

        let gone = try E2E.run("make", ["-C", E2E.packageRoot.path, "--no-print-directory", "uninstall",
                                        "DESTDIR=\(installed.stage.path)", "PREFIX=/usr/local"])
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(Installed.files(under: installed.stage.appendingPathComponent("usr/local")) == [])
    }

    @Test("from another prefix: --version, presets list (the nine), a completion query, under strace: nothing of the repository is opened")
    func runsFromAnotherPrefix() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let version = try installed.traced([installed.bin, "--version"])
        #expect(version.result.status == 0)
        #expect(version.result.stdout == (try E2E.run(E2E.woodshed, ["--version"])).stdout)
        #expect(version.result.stdout.wholeMatch(of: /0\.1\.0(\+g[0-9a-f]{7,})?\n/) != nil, "\(version.result.stdout)")
        Self.expectNothingFromTheRepository(version.opened, "--version")

        let env = ["XDG_CONFIG_HOME": installed.folder.path + "/config", "XDG_DATA_DIRS": "/nonexistent"]
        let list = try installed.traced([installed.bin, "presets", "list"], environment: env)
        #expect(list.result.status == 0 && list.result.stderr == "", "\(list.result.stderr)")
        #expect(list.result.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == Self.presetNames)
        #expect(list.opened.contains(installed.prefix.path + "/share/woodshed/presets/son-clave.json"), "\(list.opened)")
        Self.expectNothingFromTheRepository(list.opened, "presets list")

        let script = installed.prefix.path + "/share/bash-completion/completions/woodshed"
        let completed = try installed.traced(["bash", "--norc", "--noprofile", "-c", BashCompletion.query(script: script, line: "woodshed presets show s")],
                                             environment: env)
        #expect(completed.result.stdout == "seven-eight\nshuffle-12-8\nsix-eight\nson-clave\nspeed-trainer\n", "\(completed.result.stderr)")
        Self.expectNothingFromTheRepository(completed.opened, "a completion query")
    }

    @Test("without its data folder the copy says where it looked, in one line")
    func missingDataFolder() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try FileManager.default.removeItem(at: installed.prefix.appendingPathComponent("share/woodshed"))
        let env = ["XDG_CONFIG_HOME": installed.folder.path + "/config", "XDG_DATA_DIRS": "/nonexistent/xdg"]
        let r = try E2E.run(installed.bin, ["presets", "list"], environment: env)
        let forced = try E2E.run(E2E.woodshed, ["presets", "list"], environment: ["WOODSHED_DATA_DIR": "/nonexistent/data"])
        #expect(forced.stderr == "Warning: Woodshed's data folder is missing: WOODSHED_DATA_DIR is /nonexistent/data, which is not a folder\n")
        let looked = [installed.prefix.path + "/share/woodshed", "/usr/local/share/woodshed", "/nonexistent/xdg/woodshed"]
        #expect(r.status == 0 && r.stdout == "")
        #expect(r.stderr == "Warning: Woodshed's data folder (built-in presets, noise presets, MIDI maps) is missing: looked in "
                + looked.joined(separator: ", ") + " (reinstall, or set WOODSHED_DATA_DIR)\n")
        let noise = try E2E.run(installed.bin, ["noise", "sleep", "--for", "1s"], environment: env)
        #expect(noise.status != 0)
        #expect(noise.stderr.hasPrefix("Error: 'sleep' is not a noise colour, preset or sound: Woodshed's data folder (built-in presets, noise presets, MIDI maps) is missing: looked in "
                + looked.joined(separator: ", ") + " (reinstall, or set WOODSHED_DATA_DIR)\n"), "\(noise.stderr)")
    }

    @Test("every installed man page renders with man -l, without a warning, under its own name")
    func manPages() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let folder = installed.prefix.appendingPathComponent("share/man/man1")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(pages.count > 20)
        for page in pages {
            let r = try E2E.run("man", ["-l", folder.appendingPathComponent(page).path],
                                environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""])
            // The header is the page's .Dt title, WOODSHED-PLAY(1); a long one is cut to WOODSHED-PLAYLIST-CREA...
            let title = page.dropLast(2).uppercased() + "(1)"
            let header = String(r.stdout.prefix { $0 != " " })
            #expect(r.status == 0 && r.stderr == "", "\(page): \(r.stderr)")
            #expect(header == title || (header.hasSuffix("...") && header.count >= 20 && title.hasPrefix(header.dropLast(3))),
                    "\(page) starts: \(r.stdout.prefix(80))")
            #expect(r.stdout.contains("NAME") && r.stdout.contains("SYNOPSIS"), "\(page)")
        }
        let play = try String(contentsOf: folder.appendingPathComponent("woodshed-play.1"), encoding: .utf8)
        #expect(play.contains("\n.Dt WOODSHED-PLAY 1\n"))
        let top = try String(contentsOf: folder.appendingPathComponent("woodshed.1"), encoding: .utf8)
        #expect(top.contains("\n.Xr woodshed-play 1 ,\n") && !top.contains("woodshed.") && !top.contains("woodshed-help"))
    }

    @Test("noise sleep --for 1s from the copy on a private JACK server, under strace: it plays and quits, nothing of the repository opened")
    func noiseFromTheCopy() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let trace = installed.folder.appendingPathComponent("noise-trace").path
        let p = try server.spawn("/usr/bin/env", ["XDG_CONFIG_HOME=\(installed.folder.path)/config", "XDG_DATA_DIRS=/nonexistent",
                                                  "strace", "-f", "-qq", "-e", "trace=openat", "-o", trace,
                                                  installed.bin, "noise", "sleep", "--for", "1s", "--no-connect", "--jack-name", "wsinstall"])
        let done = PrivateJackServer.wait(timeout: 30) { !p.isRunning }
        #expect(done && p.terminationStatus == 0, "\(server.output(of: p))")
        #expect(server.output(of: p).stdout.contains("woodshed noise: time is up"), "\(server.output(of: p))")
        let opened = Installed.openedPaths(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(opened.contains(installed.prefix.path + "/share/woodshed/noise/sleep.json"), "\(opened)")
        Self.expectNothingFromTheRepository(opened, "noise sleep")
    }
}

/// The installed completion scripts, run by bash, zsh and fish: what Tab offers comes from the
/// user's presets, playlists and sections and from the data folder of the copy.
@Suite("Completions in bash, zsh and fish: presets, noise, sounds, playlists, sections of the typed file, MIDI maps, files", .serialized)
struct CompletionScriptTests {
    /// An installed copy, a home with a playlist, and `song.wav` with sections intro and chorus.
    struct Setup {
        let installed: InstallTests.Installed
        var work: URL { installed.folder.appendingPathComponent("work") }
        var environment: [String: String] {
            ["PATH": installed.prefix.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
             "HOME": installed.folder.path, "XDG_CONFIG_HOME": installed.folder.path + "/config",
             "XDG_DATA_HOME": installed.folder.path + "/data", "XDG_CACHE_HOME": installed.folder.path + "/cache",
             "XDG_STATE_HOME": installed.folder.path + "/state", "XDG_DATA_DIRS": "/nonexistent"]
        }

        init() throws {
            installed = try InstallTests.Installed()
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            for args in [["render", "song.wav", "120", "--bars", "4"], ["sections", "song.wav", "add", "intro", "0", "2"],
                         ["sections", "song.wav", "add", "chorus", "2", "4"], ["playlist", "create", "warmups"]] {
                let r = try E2E.run(installed.bin, args, cwd: work, environment: environment)
                try #require(r.status == 0, "woodshed \(args.joined(separator: " ")): \(r.stderr)")
            }
        }

        func bash(_ line: String) throws -> String {
            let script = installed.prefix.path + "/share/bash-completion/completions/woodshed"
            let r = try E2E.run("bash", ["--norc", "--noprofile", "-c", BashCompletion.query(script: script, line: line)],
                                cwd: work, environment: environment)
            return r.stdout + r.stderr
        }
    }

    @Test("bash offers each kind of value, from the files of the user and of the copy")
    func bash() throws {
        let s = try Setup()
        defer { s.installed.remove() }
        #expect(try s.bash("woodshed presets show ") == InstallTests.presetNames.map { $0 + "\n" }.joined())
        #expect(try s.bash("woodshed click --preset sh") == "shuffle-12-8\n")
        #expect(try s.bash("woodshed noise p") == "pink\npractice-room\n")
        #expect(try s.bash("woodshed render x.wav --noise s") == "sleep\n")
        #expect(try s.bash("woodshed click --sound wo") == "woodblock\n")
        #expect(try s.bash("woodshed play song.wav --sound so") == "song.wav\n")
        #expect(try s.bash("woodshed playlist play ") == "warmups\n")
        #expect(try s.bash("woodshed click --midi-map ex") == "expression-pedal\n")
        #expect(try s.bash("woodshed play song.wav --section ") == "intro\nchorus\n")
        #expect(try s.bash("woodshed shadow song.wav --sentence c") == "chorus\n")
        #expect(try s.bash("woodshed sections song.wav rm ") == "intro\nchorus\n")
        #expect(try s.bash("woodshed sections song.wav nudge intro ") == "start\nend\n")
        #expect(try s.bash("woodshed play so") == "song.wav\n")
    }

    @Test("zsh completes a preset and a section of the typed file on Tab")
    func zsh() throws {
        try completesOnTab(shell: "zsh -f -i") { prefix in
            "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; PS1='> '"
        }
    }

    @Test("fish finds the completions in its path and completes a preset and a section of the typed file on Tab")
    func fish() throws {
        try completesOnTab(shell: "fish --no-config -i") { prefix in "set -p fish_complete_path \(prefix)/share/fish/vendor_completions.d" }
    }

    /// In an interactive `shell` set up by `setup(prefix of the copy)`, Tab completes a preset's
    /// name and a section of the audio file already typed.
    func completesOnTab(shell: String, setup: (String) -> String) throws {
        let s = try Setup()
        defer { s.installed.remove() }
        for (typed, want) in [("woodshed presets show so", "woodshed presets show son-clave"),
                              ("woodshed play song.wav --section ch", "woodshed play song.wav --section chorus")] {
            let r = try InteractiveShell.complete(shell: shell, setup: setup(s.installed.prefix.path), line: typed, cwd: s.work,
                                                  environment: s.environment)
            #expect(r.line == want, "\(r.output)")
        }
    }
}
