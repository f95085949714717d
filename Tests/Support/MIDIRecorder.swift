import Foundation

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
