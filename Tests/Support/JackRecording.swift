import Foundation

/// A recording of JACK ports made by `.build/tools/frame_recorder` (Tests/Tools/frame_recorder.c):
/// a float WAV whose frame i is server frame `firstServerFrame + i`, because every period is
/// written at its own server frame time; periods the recorder missed are zeros, listed in `gaps`.
/// Any thread.
public struct JackRecording: Sendable {
    /// The WAV file (one channel per recorded port, in the order given).
    public let path: String
    /// Sample rate of the server, frames per second.
    public let rate: Int
    /// Frames per period when the recording started.
    public let period: Int
    /// Server frame time (`jack_last_frame_time`) of frame 0 of the file; wraps at 2^32.
    public let firstServerFrame: UInt32
    /// Length of the file in frames.
    public let frames: Int
    /// Frame ranges of the file that no process cycle wrote (zeros in the file).
    public let gaps: [Range<Int>]
    /// xruns the server reported while recording.
    public let xruns: Int
    /// For each xrun (up to 1024), the file frame at which its notification arrived: a few
    /// hundred frames after the missed cycle, since notifications are not real-time.
    public let xrunFrames: [Int]

    /// Records `ports` (source port names, e.g. "woodshed:click") on `server` for `seconds` of
    /// server frames into a float WAV at `path` (plus `path.json`), and returns what was recorded.
    /// Builds the test tools first if needed. Throws with the recorder's message if it fails
    /// (no such port, server gone, timeout).
    public static func record(server: PrivateJackServer, ports: [String], seconds: Double, to path: String) throws
        -> JackRecording
    {
        try buildTools.get()
        let client = "rec-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
        let r = try server.run(frameRecorder, ["-o", path, "-s", "\(seconds)", "-n", client] + ports,
                               timeout: seconds * 2 + 30)
        guard r.status == 0 else {
            throw JackToolError("frame_recorder \(ports) failed (status \(r.status)):\n\(r.stderr)")
        }
        return try JackRecording(path: path)
    }

    /// Starts frame_recorder as JACK client `client` on `ports` for `seconds` of server frames
    /// into `path` (plus `path.json`), in the background, and waits (up to 5 s) for its ports:
    /// the caller then plays what is recorded, waits for the recorder to end and reads
    /// `JackRecording(path:)`. Builds the test tools first if needed.
    public static func start(server: PrivateJackServer, client: String, ports: [String], seconds: Int, to path: String) throws
        -> Process
    {
        try buildTools.get()
        let recorder = try server.spawn(frameRecorder, ["-o", path, "-s", "\(seconds)", "-n", client] + ports)
        _ = PrivateJackServer.wait(timeout: 5) { server.ports().contains { $0.hasPrefix("\(client):") } }
        return recorder
    }

    /// Reads a recording made earlier: the WAV at `path` and its sidecar `path.json`.
    public init(path: String) throws {
        struct Sidecar: Decodable {
            var rate: Int, period: Int, first_server_frame: UInt32, frames: Int, gaps: [[Int]], xruns: Int
            var xrun_frames: [Int]?
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path + ".json"))
        let s = try JSONDecoder().decode(Sidecar.self, from: data)
        self.path = path
        rate = s.rate
        period = s.period
        firstServerFrame = s.first_server_frame
        frames = s.frames
        gaps = s.gaps.map { $0[0]..<($0[0] + $0[1]) }
        xruns = s.xruns
        xrunFrames = s.xrun_frames ?? []
    }

    /// True when every frame of `range` lies in the file and was written by a process cycle.
    public func isFullyRecorded(_ range: Range<Int>) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= frames && !gaps.contains { $0.overlaps(range) }
    }

    /// True when a click starting at file frame `o` could be heard whole: the quiet 96 frames
    /// before it and the first 64 of its attack were written by process cycles. A gap (the
    /// recorder's own xrun, under load) can hide a click, or cut one so that its tail, resuming
    /// after the gap, reads as a new onset.
    public func isAudible(at o: Int) -> Bool { isFullyRecorded((o - 96)..<(o + 64)) }

    /// The onsets of one channel (file frames) whose neighbourhood was fully recorded
    /// (`isAudible(at:)`).
    public func recordedOnsets(channel: Int = 0) throws -> [Int] {
        onsets(try samples(channel: channel)).filter(isAudible(at:))
    }

    /// The samples of one channel (0-based: the index of the port in `record`'s `ports`).
    public func samples(channel: Int = 0) throws -> [Float] {
        let wav: TestAudio.Sound
        do { wav = try TestAudio.read(path) } catch { throw JackToolError("\(error)") }
        guard channel >= 0 && channel < wav.channels else {
            throw JackToolError("\(path) has \(wav.channels) channels, no channel \(channel)")
        }
        return wav.channel(channel)
    }

    // MARK: - Tools

    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/tools/frame_recorder` under the package root.
    public static var frameRecorder: String { packageRoot.appendingPathComponent(".build/tools/frame_recorder").path }

    /// `.build/tools/empty_client` under the package root.
    public static var emptyClient: String { packageRoot.appendingPathComponent(".build/tools/empty_client").path }

    /// `.build/tools/counter_feed` under the package root (24-bit-exact values naming their server frame).
    public static var counterFeed: String { packageRoot.appendingPathComponent(".build/tools/counter_feed").path }

    /// `.build/tools/hit_performer` under the package root (drum-like hits against the click, or a loopback delayed by N frames).
    public static var hitPerformer: String { packageRoot.appendingPathComponent(".build/tools/hit_performer").path }

    /// Runs scripts/build-test-tools.sh once per test process (it rebuilds only what changed).
    public static let buildTools: Result<Void, JackToolError> = {
        let p = Process()
        p.executableURL = packageRoot.appendingPathComponent("scripts/build-test-tools.sh")
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        do { try p.run() } catch { return .failure(JackToolError("cannot run build-test-tools.sh: \(error)")) }
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            return .failure(JackToolError("build-test-tools.sh failed:\n\(String(decoding: e, as: UTF8.self))"))
        }
        return .success(())
    }()
}
