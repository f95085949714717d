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

/// A running midi_record (see `MIDIPeers.startRecorder`). Any thread.
public final class MIDIRecorder: @unchecked Sendable {
    /// The server it records on.
    public let server: PrivateJackServer
    /// The python process; stop it with `stop()` (or `PrivateJackServer.terminate`).
    public let process: Process
    /// The file of JSON lines.
    public let path: String
    /// Its input port, e.g. "midirec:in": connect a sender here.
    public let port: String

    init(server: PrivateJackServer, process: Process, path: String, port: String) {
        self.server = server
        self.process = process
        self.path = path
        self.port = port
    }

    /// Ends the recording now (SIGTERM: everything recorded so far is written) and reads it.
    /// Closing the JACK client and writing a minute of clock can take seconds on a loaded
    /// machine: it gets 30 s before SIGKILL (5 s once cut a CI recording mid-line).
    public func stop() throws -> MIDIRecording {
        PrivateJackServer.terminate(process, within: 30)
        return try finished()
    }

    /// Waits (up to `timeout` seconds) for a recording with `seconds` to end by itself, then
    /// reads it. Throws if it is still running then (it is stopped) or failed.
    public func wait(timeout: TimeInterval) throws -> MIDIRecording {
        if !PrivateJackServer.wait(timeout: timeout, until: { !process.isRunning }) {
            PrivateJackServer.terminate(process)
            throw JackToolError("midi_record still running after \(timeout) s:\n\(server.output(of: process).stderr)")
        }
        return try finished()
    }

    private func finished() throws -> MIDIRecording {
        process.waitUntilExit()
        let rec = try MIDIRecording(path: path)
        guard process.terminationStatus == 0, rec.end != nil else {
            throw JackToolError("midi_record failed (status \(process.terminationStatus)):\n\(server.output(of: process).stderr)")
        }
        return rec
    }
}

/// A recording by midi_record: one JSON line per item,
/// `{"start": F, "rate": R, "blocksize": B}` first, then in time order
/// `{"abs": A, "bytes": [...]}` per event and `{"gap_from": a, "gap_to": b}` per disturbance
/// of the cycle sequence, and `{"end": E, "events": N, "gaps": G, "xruns": X}` last. Any thread.
public struct MIDIRecording: Sendable {
    /// The file read.
    public let path: String
    /// Sample rate and period of the server when recording began.
    public let rate: Int
    public let blocksize: Int
    /// Server frame of the first recorded cycle (nil if stopped before any cycle ran).
    public let start: Int64?
    /// End of the last recorded cycle: events in `start..<end` were recorded, except in gaps.
    /// nil when the recorder did not finish cleanly (killed).
    public let end: Int64?
    /// Every event, in the order received: server frame and bytes.
    public let events: [(abs: Int64, bytes: [UInt8])]
    /// Where a cycle's `last_frame_time` was not the previous one's plus the period. Usually
    /// `from < to`: frames `from..<to` were missed (an xrun), and events meant for them came
    /// later or not at all. `to <= from` means JACK gave the same (or an earlier) cycle time
    /// again, which happens when the client runs late on an overloaded machine: times near it
    /// are not reliable.
    public let gaps: [(from: Int64, to: Int64)]
    /// xruns the server reported to the recorder (server-wide: not all of them are gaps here).
    public let xruns: Int

    public init(path: String) throws {
        struct Line: Decodable {
            var abs: Int64?, bytes: [UInt8]?
            var gap_from: Int64?, gap_to: Int64?
            var start: Int64?, rate: Int?, blocksize: Int?
            var end: Int64?, xruns: Int?
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rate = 0, blocksize = 0, xruns = 0
        var start: Int64?, end: Int64?
        var events: [(abs: Int64, bytes: [UInt8])] = []
        var gaps: [(from: Int64, to: Int64)] = []
        for line in text.split(separator: "\n") {
            let l: Line
            do { l = try JSONDecoder().decode(Line.self, from: Data(line.utf8)) } catch {
                throw JackToolError("\(path): bad line \"\(line)\": \(error)")
            }
            if let abs = l.abs, let bytes = l.bytes {
                events.append((abs, bytes))
            } else if let a = l.gap_from, let b = l.gap_to {
                gaps.append((a, b))
            } else if let r = l.rate {
                rate = r
                blocksize = l.blocksize ?? 0
                start = l.start
            } else if let e = l.end {
                end = e
                xruns = l.xruns ?? 0
            }
        }
        guard rate > 0 else { throw JackToolError("\(path): no start line") }
        self.path = path
        self.rate = rate
        self.blocksize = blocksize
        self.start = start
        self.end = end
        self.events = events
        self.gaps = gaps
        self.xruns = xruns
    }

    /// The gaps that overlap `range` of server frames (for a repeated cycle time, the frames
    /// `to..<from` count as the gap).
    public func gaps(in range: Range<Int64>) -> [(from: Int64, to: Int64)] {
        gaps.filter { g in
            let lo = min(g.from, g.to), hi = max(g.from, g.to)
            return lo < range.upperBound && hi > range.lowerBound
        }
    }

    /// True when some gap overlaps `range` of server frames (see `gaps(in:)`).
    public func hasGap(in range: Range<Int64>) -> Bool { !gaps(in: range).isEmpty }
}
