import Foundation
import Testing
import WoodshedTestSupport

/// The live display as a player sees it: `woodshed click` in a real terminal, read back
/// character by character. One test at a time: each starts its own JACK and tmux servers.
@Suite("Live display in a terminal (tmux)", .serialized)
struct DisplayTmuxTests {
    @Test("the status line shows 120 BPM; ↑, PgUp and ] make it 121 BPM, 131 BPM and 5/4")
    func keysChangeTempoAndMeter() throws {
        let click = try TmuxClick()
        defer { click.close() }
        try click.expectScreen("120 BPM 4/4 at the start") { $0.first?.hasPrefix("BPM 120 · 4/4 · bar ") == true }

        try click.sendKeys("Up")
        try click.expectScreen("121 BPM after ↑") { $0.first?.hasPrefix("BPM 121 · 4/4 · ") == true }
        try click.sendKeys("PageUp")
        try click.expectScreen("131 BPM after PgUp") { $0.first?.hasPrefix("BPM 131 · 4/4 · ") == true }
        try click.sendKeys("]", literally: true)
        try click.expectScreen("5/4 after ]") { $0.first?.hasPrefix("BPM 131 · 5/4 · ") == true }
    }

    @Test("the beat indicator follows the beats: bar.beat moves on the status line and the current beat lights up")
    func beatIndicatorFollowsTheBeats() throws {
        let click = try TmuxClick()
        defer { click.close() }
        try click.expectScreen("the running status line") { $0.first?.contains("· running") == true }

        // 120 BPM: a beat every 500 ms, lit for its first 100 ms. 2 s of screens 50 ms apart.
        var positions: [String] = []
        var litScreens = 0, unlitCurrentScreens = 0
        let end = Date().addingTimeInterval(2)
        while Date() < end {
            let screen = try click.screen()
            if let status = screen.first, let range = status.range(of: #"bar \d+\.\d+"#, options: .regularExpression),
               positions.last != String(status[range]) {
                positions.append(String(status[range]))
            }
            // Big digits are at most 4 blocks wide, so 5 blocks in a row are a lit accent box.
            if screen.contains(where: { $0.contains("┏━━━┓") || $0.contains("█████") }) { litScreens += 1 }
            if screen.contains(where: { $0.contains("│ █ │") }) { unlitCurrentScreens += 1 }
            usleep(50_000)
        }
        #expect(positions.count >= 3, "bar.beat on the status line over 2 s: \(positions)")
        #expect(litScreens >= 1, "no screen showed the current beat lit (┏━━━┓ or █████)")
        #expect(unlitCurrentScreens >= 1, "no screen showed the current beat between flashes (│ █ │)")
    }

    @Test("after a resize to 50×12 the status line stays on top and every line fits; q quits and leaves the terminal as it was")
    func resizeThenQuit() throws {
        let click = try TmuxClick()
        defer { click.close() }
        try click.expectScreen("the full screen with tall beat boxes") {
            $0.first?.hasPrefix("BPM 120 · ") == true && $0.contains { $0.contains("┌───┐") }
        }

        try click.tmux("resize-window", "-t", click.target, "-x", "50", "-y", "12")
        try click.expectScreen("the compact screen within 50×12") { screen in
            screen.count == 12 && screen.first?.hasPrefix("BPM 120 · 4/4 · bar ") == true
                && screen.allSatisfy { $0.count <= 50 }
                && !screen.contains { $0.contains("┌───┐") || $0.contains("└───┘") }  // no tall boxes left over
                && screen.contains { $0.contains("[▄]") || $0.contains("[ ]") }       // one-row boxes
        }

        try click.sendKeys("q")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: click.exitStatusFile.path) }
        let screenAfterQ = try click.screen().joined(separator: "\n")
        try #require(quit, "woodshed did not quit on q:\n\(screenAfterQ)")
        let status = try String(contentsOf: click.exitStatusFile, encoding: .utf8)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")

        // The shell after woodshed sees the terminal as it was: main screen, cursor shown,
        // line editing and echo back on, and none of the display left on the screen.
        #expect(try click.paneFormat("#{alternate_on}") == "0", "still on the alternate screen")
        #expect(try click.paneFormat("#{cursor_flag}") == "1", "the cursor is still hidden")
        let modes = try String(contentsOf: click.modesFile, encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
        for mode in ["icanon", "echo", "isig", "icrnl"] {
            #expect(modes.contains(mode) && !modes.contains("-" + mode), "terminal mode \(mode) not restored: \(modes)")
        }
        let after = try click.screen()
        #expect(!after.contains { $0.hasPrefix("BPM ") }, "the display is still on the screen:\n\(after.joined(separator: "\n"))")

        // Enter ends the wrapper shell, and with it the pane and the session.
        try click.sendKeys("Enter")
        let ended = try PrivateJackServer.wait(timeout: 5) { try click.tmux("has-session", "-t", click.target).status != 0 }
        #expect(ended, "the tmux session is still there after woodshed quit")
    }
}

/// `woodshed click 120` in a detached tmux session of a fixed size, on a private JACK server.
/// The tmux server is our own (`-L` socket, no config file read), so the user's tmux is never
/// touched. The pane runs a small shell script: woodshed, then it records woodshed's exit status
/// and the terminal modes (`stty -a`) and waits for Enter. Test thread only; `close()` (or
/// deinit) kills the tmux server and stops the JACK server.
final class TmuxClick {
    let jack: PrivateJackServer
    let socket = "woodshed-test-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
    let target = "click"
    let directory: URL
    var exitStatusFile: URL { directory.appendingPathComponent("exit-status") }
    var modesFile: URL { directory.appendingPathComponent("stty") }
    private var closed = false
    private var calls = 0

    /// `arguments`: the woodshed command in the pane (default `click 120`); `prepare` gets the
    /// folder that holds the XDG folders (state, data, cache) before woodshed starts;
    /// `environment`: more variables for the pane (`XDG_CONFIG_HOME`, `TZ`).
    init(columns: Int = 100, rows: Int = 30, arguments: [String] = ["click", "120"], environment: [String: String] = [:],
         prepare: (URL) throws -> Void = { _ in }) throws {
        jack = try PrivateJackServer(period: 256)
        directory = try E2E.tempDir()
        try prepare(directory)
        let client = "tmux-\(jack.name)"
        let script = directory.appendingPathComponent("pane.sh")
        try """
            #!/bin/sh
            \(Self.quoted(E2E.woodshed)) \(arguments.map(Self.quoted).joined(separator: " ")) --no-connect --jack-name \(Self.quoted(client))
            status=$?
            stty -a > \(Self.quoted(modesFile.path))
            echo $status > \(Self.quoted(exitStatusFile.path)).part
            mv \(Self.quoted(exitStatusFile.path)).part \(Self.quoted(exitStatusFile.path))
            read line

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let started = try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", target,
                               "-e", "JACK_DEFAULT_SERVER=\(jack.name)", "-e", "JACK_NO_START_SERVER=1",
                               "-e", "XDG_STATE_HOME=\(directory.appendingPathComponent("state").path)",
                               "-e", "XDG_DATA_HOME=\(directory.appendingPathComponent("data").path)",
                               "-e", "XDG_CACHE_HOME=\(directory.appendingPathComponent("cache").path)",
                               "-e", "XDG_CONFIG_HOME=\(directory.appendingPathComponent("config").path)"]
                               + environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] } + [script.path])
        guard started.status == 0 else {
            close()
            throw JackToolError("tmux new-session failed: \(started.stderr)")
        }
    }

    deinit { close() }

    /// Kills our tmux server (woodshed gets SIGHUP and quits) and stops the JACK server.
    func close() {
        guard !closed else { return }
        closed = true
        let stillRunning = !FileManager.default.fileExists(atPath: exitStatusFile.path)
        _ = try? tmux("kill-server")
        if stillRunning {  // let woodshed leave before its server goes
            _ = PrivateJackServer.wait(timeout: 3) { !jack.ports().contains { $0.hasPrefix("tmux-\(jack.name):") } }
        }
        jack.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `tmux -L socket -f /dev/null ARGS` and returns its status and output.
    ///
    /// With posix_spawn and waitpid, not Foundation's `Process`: the tmux server that the first
    /// command starts keeps every descriptor it inherits, and `Process` learns of a child's exit
    /// from a socket the child inherits, so it would wait for the server too (for ever). The
    /// child gets only descriptors 0-2 (stdin /dev/null, stdout and stderr to files), an empty
    /// signal mask and default signal actions: the test threads block most signals, and
    /// woodshed in the pane must see SIGHUP and SIGWINCH.
    @discardableResult
    func tmux(_ args: String...) throws -> E2E.Result { try tmux(args) }

    @discardableResult
    func tmux(_ args: [String]) throws -> E2E.Result {
        calls += 1
        let out = directory.appendingPathComponent("tmux-\(calls).out").path
        let err = directory.appendingPathComponent("tmux-\(calls).err").path
        defer {
            unlink(out)
            unlink(err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // glibc 2.34+; not in Swift's Glibc module, so looked up.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw JackToolError("this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later needed)")
        }
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var env = ProcessInfo.processInfo.environment
        env["TMUX"] = nil
        if env["TERM", default: ""].isEmpty || env["TERM"] == "dumb" { env["TERM"] = "xterm-256color" }
        let argv = (["tmux", "-L", socket, "-f", "/dev/null"] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw JackToolError("cannot start tmux: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        let exited = PrivateJackServer.wait(timeout: 10) { waitpid(pid, &status, WNOHANG) == pid }
        if !exited {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return E2E.Result(status: code, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// The visible screen, one string per row (trailing blanks trimmed by tmux).
    func screen() throws -> [String] {
        let r = try tmux("capture-pane", "-p", "-t", target)
        guard r.status == 0 else { throw JackToolError("capture-pane failed: \(r.stderr)") }
        var rows = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// A tmux format of the pane, e.g. `#{alternate_on}`.
    func paneFormat(_ format: String) throws -> String {
        try tmux("display-message", "-p", "-t", target, format).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Presses keys: tmux key names (`Up`, `PageUp`, `Enter`), or the characters as they are.
    func sendKeys(_ keys: String..., literally: Bool = false) throws {
        let r = try tmux(["send-keys", "-t", target] + (literally ? ["-l"] : []) + keys)
        guard r.status == 0 else { throw JackToolError("send-keys failed: \(r.stderr)") }
    }

    /// Waits up to 5 s for a screen that satisfies `predicate`; records an issue showing the
    /// last screen otherwise.
    func expectScreen(_ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                      _ predicate: ([String]) -> Bool) throws {
        var last: [String] = []
        let seen = try PrivateJackServer.wait(timeout: 5) {
            last = try screen()
            return predicate(last)
        }
        if !seen {
            Issue.record("no screen showed \(what) within 5 s; the last one:\n\(last.joined(separator: "\n"))",
                         sourceLocation: sourceLocation)
        }
    }

    /// `text` as one single-quoted shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
