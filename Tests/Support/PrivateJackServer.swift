import Foundation

extension Process {
    /// `run()`, with SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM and SIGPIPE
    /// unblocked in the child. Foundation starts a child with the calling thread's signal mask,
    /// and the threads Swift Testing runs tests on block almost every signal: a program started
    /// from a test with plain `run()` never sees SIGTERM unless it waits for it with `sigwait`
    /// (jackd does; klick, and any program with a signal handler, does not). Any thread: the
    /// mask of the calling thread is changed only for the duration of the call.
    public func runWithSignalsUnblocked() throws {
        var unblock = sigset_t(), old = sigset_t()
        sigemptyset(&unblock)
        for s in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE] { sigaddset(&unblock, s) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        try run()
    }
}

/// A real JACK server of our own: `jackd --no-realtime -n NAME -d dummy -r RATE -p PERIOD`,
/// no sound card needed. Any thread: every member locks, so tests may share one server, and
/// several servers may run at once (each has a name no other running server has, claimed from
/// a small pool shared by all test processes, see `ServerSlot`; clients find it through
/// `environment`). Started by `init`, stopped by PID in `stop()` and in `deinit`; other JACK
/// servers on the machine are never touched.
///
/// jackd's own output goes to `logPath`. Children started by `spawn` write their stdout and
/// stderr to files in `logDirectory` (read them with `output(of:)`); `deinit` terminates those
/// still running and removes `logDirectory`. A server stopped by `stop()` leaves its children alone, so a test can stop and
/// `restart()` the server under a running client. Every child starts with the stop signals
/// unblocked (see `Process.runWithSignalsUnblocked()`), so SIGTERM reaches it.
public final class PrivateJackServer: @unchecked Sendable {
    /// The server name (`jackd -n`): no other running server has it. Set once, by `init`.
    public private(set) var name: String
    /// Sample rate in frames per second.
    public let rate: Int
    /// Frames per period (`jackd -d dummy -p`).
    public let period: Int
    /// A folder of our own for the logs of jackd and of spawned children.
    public let logDirectory: URL
    /// jackd's stdout and stderr (appended to across restarts).
    public var logPath: String { logDirectory.appendingPathComponent("jackd.log").path }

    private let lock = NSLock()
    private var slot: ServerSlot
    private var server: Process?
    private var children: [(process: Process, stdout: URL, stderr: URL)] = []
    private var spawned = 0

    /// The current environment plus `JACK_DEFAULT_SERVER=name` and `JACK_NO_START_SERVER=1`:
    /// give it to every child process that should talk to this server (and to no other).
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["JACK_DEFAULT_SERVER"] = name
        env["JACK_NO_START_SERVER"] = "1"
        return env
    }

    /// The process id of the running jackd, or 0 when it is stopped.
    public var pid: Int32 {
        lock.lock(); defer { lock.unlock() }
        return server?.processIdentifier ?? 0
    }

    /// Claims a server name (waiting while `ServerSlot.count` test servers run), starts the
    /// server and waits (up to 10 s) until it accepts clients. A name that some jackd outside
    /// the pool already uses is skipped; a full JACK registry is waited out for up to 60 s.
    /// Throws with jackd's output if it exits or does not answer in time.
    public init(rate: Int = 48000, period: Int = 64) throws {
        self.rate = rate
        self.period = period
        slot = try ServerSlot.claim()
        name = slot.name
        logDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-jack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logDirectory, withIntermediateDirectories: true)
        var taken = Set<String>()
        let registryDeadline = Date().addingTimeInterval(60)
        while true {
            do {
                // An orphan jackd of a killed test run may still hold a pool name: skip it
                // rather than mistake it for ours.
                if let r = try? run("jack_lsp", [], timeout: 5), r.status == 0 {
                    throw JackToolError("`\(name)' server already active (found by jack_lsp)")
                }
                try? Data().write(to: URL(fileURLWithPath: logPath))  // this attempt's output only
                try start()
                return
            } catch let error as JackToolError where error.description.contains("server already active") {
                // A jackd that is not ours (an orphan of a crashed test run) holds this name.
                taken.insert(name)
                slot.release()
                slot = try ServerSlot.claim(avoiding: taken)
                name = slot.name
            } catch let error as JackToolError where error.description.contains("too many servers already active") {
                if Date() > registryDeadline {
                    slot.release()
                    try? FileManager.default.removeItem(at: logDirectory)
                    throw JackToolError("""
                        JACK's server registry (/dev/shm/jack-shm-registry, room for 8 servers) stayed full for 60 s. \
                        Entries of servers that were killed are only reclaimed by a server of the same name: \
                        with no jackd running, remove that file. \(error)
                        """)
                }
                sleep(1)
            } catch {
                slot.release()
                try? FileManager.default.removeItem(at: logDirectory)
                throw error
            }
        }
    }

    deinit {
        lock.lock()
        let running = children.map(\.process).filter(\.isRunning)
        lock.unlock()
        for p in running { Self.terminate(p) }
        stop()
        slot.release()
        try? FileManager.default.removeItem(at: logDirectory)
    }

    /// Stops jackd: SIGTERM to its PID, up to 20 s to exit (a clean exit frees its registry
    /// entry), then SIGKILL. Does nothing when it is already stopped. Spawned children keep running.
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard let p = server else { return }
        Self.terminate(p, within: 20)
        server = nil
    }

    /// Stops the server and starts it again with the same name, rate and period (clients see
    /// the server go away and come back, as on a real reconnect).
    public func restart() throws {
        stop()
        try start()
    }

    /// Runs a program (a path, or a name looked up in PATH) to completion against this server
    /// and returns its exit status and output. A program still running after `timeout` seconds
    /// is killed with SIGKILL (status 9, the signal number, as `Process.terminationStatus` gives).
    public func run(_ program: String, _ args: [String], timeout: TimeInterval = 60) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let dir = logDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stdout"), err = dir.appendingPathComponent("stderr")
        return try Self.runToEnd(makeProcess(program, args, stdout: out, stderr: err), stdout: out, stderr: err, timeout: timeout)
    }

    /// Starts `p` (its stdout and stderr going to the files `stdout` and `stderr`), waits for it
    /// to end, SIGKILL after `timeout` seconds, and returns its status and output. Any thread.
    static func runToEnd(_ p: Process, stdout: URL, stderr: URL, timeout: TimeInterval) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        try p.runWithSignalsUnblocked()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(5_000) }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
        }
        p.waitUntilExit()
        return (p.terminationStatus, read(stdout), read(stderr))
    }

    /// Starts a program (a path, or a name looked up in PATH) in the background against this
    /// server. Its stdin is /dev/null; its stdout and stderr go to files in `logDirectory`,
    /// read with `output(of:)`. Stop it with `terminate(_:)`; `deinit` terminates it otherwise.
    public func spawn(_ program: String, _ args: [String]) throws -> Process {
        lock.lock()
        spawned += 1
        let n = spawned
        lock.unlock()
        let base = "\(URL(fileURLWithPath: program).lastPathComponent)-\(n)"
        let out = logDirectory.appendingPathComponent("\(base).stdout")
        let err = logDirectory.appendingPathComponent("\(base).stderr")
        let p = try makeProcess(program, args, stdout: out, stderr: err)
        try p.runWithSignalsUnblocked()
        lock.lock()
        children.append((p, out, err))
        lock.unlock()
        return p
    }

    /// What a spawned child has written so far to its stdout and stderr.
    public func output(of process: Process) -> (stdout: String, stderr: String) {
        lock.lock()
        let c = children.first { $0.process === process }
        lock.unlock()
        guard let c else { return ("", "") }
        return (Self.read(c.stdout), Self.read(c.stderr))
    }

    /// Stops a child process: SIGTERM, up to `within` seconds to exit, then SIGKILL.
    /// Returns its exit status (or signal number, see `Process.terminationReason`).
    @discardableResult
    public static func terminate(_ process: Process, within: TimeInterval = 5) -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(within)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits until `predicate` is true, checking every 20 ms, for at most `timeout` seconds.
    /// Returns whether it became true. Handy for "until the port appears".
    public static func wait(timeout: TimeInterval, until predicate: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try predicate() { return true }
            usleep(20_000)
        } while Date() < deadline
        return try predicate()
    }

    /// Port names of this server (`jack_lsp`), or [] when it does not answer.
    public func ports() -> [String] {
        guard let r = try? run("jack_lsp", [], timeout: 10), r.status == 0 else { return [] }
        return r.stdout.split(separator: "\n").map(String.init)
    }

    // MARK: - Starting

    private func start() throws {
        lock.lock()
        let log = FileHandle(forWritingAtPath: logPath) ?? {
            FileManager.default.createFile(atPath: logPath, contents: nil)
            return FileHandle(forWritingAtPath: logPath)
        }()
        guard let log else {
            lock.unlock()
            throw JackToolError("cannot write \(logPath)")
        }
        log.seekToEndOfFile()
        let p = Process()
        do {
            p.executableURL = try Self.resolve("jackd", in: environment)
        } catch {
            lock.unlock()
            throw error
        }
        p.arguments = ["--no-realtime", "-n", name, "-d", "dummy", "-r", "\(rate)", "-p", "\(period)"]
        p.environment = environment
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = log
        p.standardError = log
        do {
            try p.runWithSignalsUnblocked()
        } catch {
            lock.unlock()
            throw JackToolError("cannot start jackd: \(error)")
        }
        server = p
        lock.unlock()
        try? log.close()

        // Ready when jack_lsp can connect as a client.
        let deadline = Date().addingTimeInterval(10)
        while true {
            if !p.isRunning {
                stop()
                throw JackToolError("jackd -n \(name) exited with status \(p.terminationStatus):\n\(Self.read(URL(fileURLWithPath: logPath)))")
            }
            if let r = try? run("jack_lsp", [], timeout: 5), r.status == 0 { return }
            if Date() > deadline {
                stop()
                throw JackToolError("jackd -n \(name) did not accept clients within 10 s:\n\(Self.read(URL(fileURLWithPath: logPath)))")
            }
            usleep(20_000)
        }
    }

    private func makeProcess(_ program: String, _ args: [String], stdout: URL, stderr: URL) throws -> Process {
        try Self.makeProcess(program, args, environment: environment, stdout: stdout, stderr: stderr)
    }

    /// A process for `program` with `environment`, stdin /dev/null, stdout and stderr to the
    /// files given (created empty). Not started. Any thread.
    static func makeProcess(_ program: String, _ args: [String], environment: [String: String], stdout: URL, stderr: URL) throws
        -> Process
    {
        let p = Process()
        p.executableURL = try resolve(program, in: environment)
        p.arguments = args
        p.environment = environment
        p.standardInput = FileHandle.nullDevice
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: stdout)
        p.standardError = try FileHandle(forWritingTo: stderr)
        return p
    }

    /// A program path: as given when it contains "/", else the first match in PATH.
    static func resolve(_ program: String, in env: [String: String]) throws -> URL {
        if program.contains("/") { return URL(fileURLWithPath: program) }
        for dir in (env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        throw JackToolError("\(program): not found in PATH")
    }

    static func read(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
