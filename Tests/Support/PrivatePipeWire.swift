import Foundation

/// PipeWire as a desktop runs it, all of our own: a session bus (`PrivateSessionBus`; WirePlumber
/// needs one), `pipewire` and `wireplumber` with their own `XDG_RUNTIME_DIR` (and
/// `PIPEWIRE_RUNTIME_DIR`, config and state folders), and a null sink made with `pw-cli` that
/// drives the graph at `rate` and is the default sink. Any thread: every member locks.
/// Started by `init`, stopped by PID in `stop()` and in `deinit` (the bus too); the desktop's own
/// PipeWire, if there is one, is never touched: every program that should see this one gets
/// `environment` (`pw-jack woodshed …` for its JACK, `--alsa-device pipewire` for its ALSA plugin).
/// Recordings: `startRecording` (a JACK client under `pw-jack` on the sink's monitor). The
/// daemons' output goes to `logDirectory`.
public final class PrivatePipeWire: @unchecked Sendable {
    /// The null sink's node name: JACK clients see its ports as `woodshed-sink:playback_FL`/`_FR`.
    public static let sinkName = "woodshed-sink"

    /// The graph's rate, frames per second.
    public let rate: Int
    /// The folder of this PipeWire: its runtime folder (the socket `pipewire-0`), config, state
    /// and the daemons' logs.
    public let directory: URL
    public var logDirectory: URL { directory }

    private let lock = NSLock()
    private let bus: PrivateSessionBus
    private var pipewire: Process?
    private var wireplumber: Process?

    /// The current environment with this PipeWire's runtime, config and state folders and its
    /// session bus; without `JACK_DEFAULT_SERVER` (PipeWire's JACK would take it as a remote's
    /// name) and with `JACK_NO_START_SERVER=1`.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        let runtime = directory.appendingPathComponent("run").path
        env["XDG_RUNTIME_DIR"] = runtime
        env["PIPEWIRE_RUNTIME_DIR"] = runtime
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        env["JACK_NO_START_SERVER"] = "1"
        env.removeValue(forKey: "JACK_DEFAULT_SERVER")
        env.removeValue(forKey: "PIPEWIRE_REMOTE")
        for (k, v) in bus.environment { env[k] = v }
        return env
    }

    /// The process ids of the running `pipewire` and `wireplumber`, 0 when stopped.
    public var pids: (pipewire: Int32, wireplumber: Int32) {
        lock.lock(); defer { lock.unlock() }
        return (pipewire?.processIdentifier ?? 0, wireplumber?.processIdentifier ?? 0)
    }

    /// Starts the bus, PipeWire, WirePlumber and the sink, and waits (up to 20 s) until the sink
    /// is the default one. Throws with the daemons' output when one exits or is not ready in time.
    public init(rate: Int = 48_000) throws {
        self.rate = rate
        // Short: the socket's path must fit in sun_path (108 bytes).
        directory = URL(fileURLWithPath: "/tmp/woodshed-pw-\(UUID().uuidString.prefix(8))")
        for sub in ["run", "config", "state"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        bus = try PrivateSessionBus()
        do {
            try start()
        } catch {
            stop()
            bus.stop()
            throw error
        }
    }

    deinit {
        stop()
        bus.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops WirePlumber and PipeWire by their PIDs (SIGTERM, then SIGKILL after 5 s). Clients
    /// stay as they are (they see the server go away). Does nothing when already stopped.
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        if let w = wireplumber { PrivateJackServer.terminate(w) }
        if let p = pipewire { PrivateJackServer.terminate(p) }
        wireplumber = nil
        pipewire = nil
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("run/pipewire-0"))
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("run/pipewire-0.lock"))
    }

    /// Stops PipeWire and starts it again with its sink (as when a desktop's PipeWire restarts).
    public func restart() throws {
        stop()
        try start()
    }

    /// Runs a program (a path, or a name in PATH) to completion against this PipeWire; one still
    /// running after `timeout` seconds is killed with SIGKILL.
    public func run(_ program: String, _ args: [String], timeout: TimeInterval = 30) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let out = directory.appendingPathComponent("run-\(UUID().uuidString).out")
        let err = directory.appendingPathComponent("run-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return try PrivateJackServer.runToEnd(makeProcess(program, args, stdout: out, stderr: err), stdout: out, stderr: err, timeout: timeout)
    }

    /// Starts a program in the background against this PipeWire, its stdout and stderr to
    /// `name.out` and `name.err` in `directory`. Stop it with `PrivateJackServer.terminate(_:)`.
    public func spawn(_ program: String, _ args: [String], name: String) throws -> Process {
        let p = try makeProcess(program, args, stdout: directory.appendingPathComponent("\(name).out"),
                                stderr: directory.appendingPathComponent("\(name).err"))
        try p.runWithSignalsUnblocked()
        return p
    }

    /// What a program spawned as `name` has written to stdout and stderr so far.
    public func output(of name: String) -> (stdout: String, stderr: String) {
        (PrivateJackServer.read(directory.appendingPathComponent("\(name).out")),
         PrivateJackServer.read(directory.appendingPathComponent("\(name).err")))
    }

    /// Records `ports` (e.g. the sink's `woodshed-sink:monitor_FL`/`_FR`) for `seconds` of graph
    /// frames with `frame_recorder` under `pw-jack`, in the background, and waits (up to 10 s)
    /// for its ports: the caller plays, then waits for the recorder to end and reads
    /// `JackRecording(path:)`. Not `pw-record`: under load (a 2-core machine at load 20) it drops
    /// whole buffers without a word, while frame_recorder writes each cycle at its graph frame
    /// and lists the cycles it missed (`gaps`).
    public func startRecording(ports: [String], seconds: Int, to path: String) throws -> Process {
        try JackRecording.buildTools.get()
        let client = "rec\(UUID().uuidString.prefix(6).lowercased())"
        let p = try spawn("pw-jack", [JackRecording.frameRecorder, "-o", path, "-s", "\(seconds)", "-n", client] + ports, name: client)
        let ready = PrivateJackServer.wait(timeout: 10) {
            guard p.isRunning, let r = try? run("pw-jack", ["jack_lsp"], timeout: 5) else { return false }
            return r.stdout.contains("\(client):")
        }
        guard ready else {
            PrivateJackServer.terminate(p)
            throw JackToolError("frame_recorder under pw-jack did not start within 10 s: \(output(of: client).stderr)")
        }
        return p
    }

    /// The sink's monitor ports, as JACK clients see them.
    public static let monitorPorts = ["\(sinkName):monitor_FL", "\(sinkName):monitor_FR"]

    // MARK: - Starting

    private func start() throws {
        let socket = directory.appendingPathComponent("run/pipewire-0").path
        let pw = try spawn("pipewire", [], name: "pipewire")
        lock.lock()
        pipewire = pw
        lock.unlock()
        guard PrivateJackServer.wait(timeout: 10, until: { !pw.isRunning || FileManager.default.fileExists(atPath: socket) }),
              pw.isRunning
        else {
            throw JackToolError("pipewire did not open \(socket) within 10 s:\n\(output(of: "pipewire").stderr)")
        }
        let wp = try spawn("wireplumber", [], name: "wireplumber")
        lock.lock()
        wireplumber = wp
        lock.unlock()
        // The sink lives on after pw-cli exits (object.linger), always drives the graph (above
        // PipeWire's dummy driver) and is never suspended: a driver that stops and starts again
        // restarts the graph's frame count under a recording.
        let sink = "{ factory.name=support.null-audio-sink node.name=\(Self.sinkName) media.class=Audio/Sink "
            + "object.linger=true audio.position=[FL FR] audio.rate=\(rate) node.driver=true priority.driver=30000 "
            + "session.suspend-timeout-seconds=0 node.pause-on-idle=false }"
        let made = try run("pw-cli", ["create-node", "adapter", sink], timeout: 10)
        guard made.status == 0 else {
            throw JackToolError("pw-cli create-node failed (status \(made.status)): \(made.stderr)")
        }
        // Ready when WirePlumber has made it the default sink (streams of ALSA's pipewire plugin go there).
        let ready = try PrivateJackServer.wait(timeout: 20) {
            guard wp.isRunning else { return true }
            let r = try run("pw-metadata", ["0", "default.audio.sink"], timeout: 5)
            return r.stdout.contains("\"name\":\"\(Self.sinkName)\"")
        }
        guard ready, wp.isRunning else {
            throw JackToolError("wireplumber did not make \(Self.sinkName) the default sink within 20 s:\n\(output(of: "wireplumber").stderr)")
        }
    }

    private func makeProcess(_ program: String, _ args: [String], stdout: URL, stderr: URL) throws -> Process {
        try PrivateJackServer.makeProcess(program, args, environment: environment, stdout: stdout, stderr: stderr)
    }
}
