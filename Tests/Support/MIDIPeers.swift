import Foundation

/// MIDI peers for end-to-end tests: Tests/Tools/midi_send.py sends MIDI at exact server frames,
/// Tests/Tools/midi_record.py records MIDI with the server frame of every event. Both are JACK
/// clients run by /usr/bin/python3 (Debian's python3-jack-client; the python3 first in PATH may
/// lack `import jack`), started through a `PrivateJackServer` so they talk to that server only
/// and see SIGTERM. Any thread.
///
/// Times are absolute server frames: `jack_last_frame_time` of the cycle plus the offset of
/// the event in it. An event midi_send could not write at its frame (its cycle was missed, an
/// xrun, or the port buffer was full) goes out at offset 0 of the next cycle it gets, is
/// marked `late`, and its reported frame is where it really went.
public enum MIDIPeers {
    /// The interpreter that has `import jack`.
    public static let python = "/usr/bin/python3"

    /// Tests/Tools, found from this file's path.
    public static let toolsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tools")

    /// Tests/Tools/midi_send.py.
    public static var sendTool: String { toolsDirectory.appendingPathComponent("midi_send.py").path }

    /// Tests/Tools/midi_record.py.
    public static var recordTool: String { toolsDirectory.appendingPathComponent("midi_record.py").path }

    /// What `flood` did, from midi_send's summary line.
    public struct FloodSummary: Sendable, Equatable, Decodable {
        /// Events written to the port (RATE·S unless some were too large to fit, see `dropped`).
        public var sent: Int
        /// Server frame of the first and of the last event sent (nil when none was).
        public var firstAbs: Int64?
        public var lastAbs: Int64?
        /// Events that went out at offset 0 of a later cycle than their own (0 on a clean run).
        public var late: Int
        /// Events that fit in no port buffer, not sent.
        public var dropped: Int
        /// xruns the server reported to midi_send (server-wide: other clients' count too).
        public var xruns: Int
        /// Cycles midi_send did not get to run (each makes its events late).
        public var missedCycles: Int

        enum CodingKeys: String, CodingKey {
            case sent, late, dropped, xruns
            case firstAbs = "first_abs", lastAbs = "last_abs", missedCycles = "missed_cycles"
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sent = try c.decode(Int.self, forKey: .sent)
            firstAbs = try c.decodeIfPresent(Int64.self, forKey: .firstAbs)
            lastAbs = try c.decodeIfPresent(Int64.self, forKey: .lastAbs)
            late = try c.decode(Int.self, forKey: .late)
            dropped = try c.decodeIfPresent(Int.self, forKey: .dropped) ?? 0
            xruns = try c.decodeIfPresent(Int.self, forKey: .xruns) ?? 0
            missedCycles = try c.decodeIfPresent(Int.self, forKey: .missedCycles) ?? 0
        }
    }

    /// Sends `events` from a new client `name` (port `name:out`) connected to `port`, and
    /// returns where each went, in the order sent (time order; events at one frame keep their
    /// order). Frame 0 is `lead` frames after the first cycle once the connection is in place
    /// (waits up to 10 s for `port` to appear). Returns when the last event has been delivered
    /// (two cycles later) and the client has closed. Throws with midi_send's stderr if it fails.
    public static func send(server: PrivateJackServer, to port: String, events: [(frame: Int64, bytes: [UInt8])],
                            lead: Int = 48000, name: String = "midisend") throws
        -> [(abs: Int64, bytes: [UInt8], late: Bool)]
    {
        let script = server.logDirectory.appendingPathComponent("midi-script-\(UUID().uuidString).json")
        let json = events.map { #"{"frame": \#($0.frame), "bytes": [\#($0.bytes.map(String.init).joined(separator: ", "))]}"# }
        try ("[" + json.joined(separator: ",\n") + "]\n").write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }

        let last = events.map(\.frame).max() ?? 0
        let timeout = Double(max(Int64(lead) + last, 0)) / Double(server.rate) + 30
        let r = try server.run(python, [sendTool, "--name", name, "--connect", port, "--lead", "\(lead)", script.path],
                               timeout: timeout)
        guard r.status == 0 else {
            throw JackToolError("midi_send to \(port) failed (status \(r.status)):\n\(r.stderr)")
        }
        struct Line: Decodable { var abs: Int64; var bytes: [UInt8]; var late: Bool? }
        let sent = try r.stdout.split(separator: "\n").map { line in
            do {
                let l = try JSONDecoder().decode(Line.self, from: Data(line.utf8))
                return (abs: l.abs, bytes: l.bytes, late: l.late ?? false)
            } catch {
                throw JackToolError("midi_send printed \"\(line)\": \(error)")
            }
        }
        guard sent.count == events.count else {
            throw JackToolError("midi_send reported \(sent.count) of \(events.count) events:\n\(r.stdout)\n\(r.stderr)")
        }
        return sent
    }

    /// Floods `port` with `rate` events per second for `seconds` (exactly round(rate·seconds)
    /// events, event i at frame `i·samplerate / rate` (integer division) after the start, which
    /// is `lead` frames after the first cycle once connected), cycling through `pattern`.
    /// Returns midi_send's summary. Throws with its stderr if it fails.
    public static func flood(server: PrivateJackServer, to port: String, rate: Int, seconds: Double,
                             pattern: [[UInt8]] = [[144, 62, 100], [128, 62, 0], [144, 60, 100], [128, 60, 0]],
                             lead: Int = 48000, name: String = "midisend") throws -> FloodSummary
    {
        let spec = pattern.map { $0.map(String.init).joined(separator: ",") }.joined(separator: ";")
        let r = try server.run(python, [sendTool, "--name", name, "--connect", port, "--lead", "\(lead)",
                                        "--flood", "\(rate)", "--seconds", "\(seconds)", "--pattern", spec],
                               timeout: seconds + Double(lead) / Double(server.rate) + 30)
        guard r.status == 0 else {
            throw JackToolError("midi_send --flood to \(port) failed (status \(r.status)):\n\(r.stderr)")
        }
        guard let line = r.stdout.split(separator: "\n").last,
              let summary = try? JSONDecoder().decode(FloodSummary.self, from: Data(line.utf8))
        else { throw JackToolError("midi_send --flood printed no summary:\n\(r.stdout)\n\(r.stderr)") }
        return summary
    }

    /// Starts recording into `path` (JSON lines, see `MIDIRecording`) from a new client `name`
    /// (port `name:in`), connected from `port` when given (waits up to 10 s for it to appear),
    /// for `seconds` of server frames, or until stopped when nil. Returns once recording has
    /// begun, so events sent after that are caught. Throws with the recorder's stderr if it
    /// does not start within 15 s.
    public static func startRecorder(server: PrivateJackServer, from port: String?, seconds: Double?, to path: String,
                                     name: String = "midirec") throws -> MIDIRecorder
    {
        var args = [recordTool, "--name", name, "--out", path]
        if let port { args += ["--connect", port] }
        if let seconds { args += ["--seconds", "\(seconds)"] }
        let p = try server.spawn(python, args)
        var started = false
        _ = PrivateJackServer.wait(timeout: 15) {
            started = server.output(of: p).stdout.contains(#"{"start": "#)
            return started || !p.isRunning
        }
        guard started else {
            PrivateJackServer.terminate(p)
            throw JackToolError("midi_record \(name) did not start (status \(p.terminationStatus)):\n\(server.output(of: p).stderr)")
        }
        return MIDIRecorder(server: server, process: p, path: path, port: "\(name):in")
    }

    /// Reads a recording made by midi_record.
    public static func read(_ path: String) throws -> MIDIRecording { try MIDIRecording(path: path) }
}
