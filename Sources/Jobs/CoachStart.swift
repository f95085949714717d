import App
import Coach
import Control
import Engine
import Foundation
import JackBackend
import Persistence
import RenderGraph
import WoodshedCore

/// `click --coach` once the output runs: the analysis worker behind the input capture (at the
/// server's rate), the latency it removes (JACK's latency API, read again at most twice a second
/// as connections change, plus the saved calibration of the server and interface, read once), the
/// listening speed trainer and `--coach-log`. Main thread.
public enum CoachStart {
    /// Loads libaubio (the first detector loads it) before JACK's threads start: a library with
    /// thread-local storage loaded later makes the render thread's next TLS access grow its
    /// table (a realloc on the JACK thread, which `make rtcheck` catches). Main thread, before
    /// the output starts.
    public static func loadDetector() throws {
        do { _ = try OnsetDetector(sampleRate: 48_000) } catch { throw ValidationErrorMessage("--coach: \(error)") }
    }

    public static func coach(_ request: CoachRequest, session: LiveSession, capture: InputCapture, output: LiveOutput,
                             trainer: CleanPassTrainer?, wake: Int32) throws -> LiveCoach {
        let rate = session.rate
        let listener: CoachListener
        do { listener = try CoachListener(capture: capture, rate: rate, wakeDescriptor: wake) } catch {
            throw ValidationErrorMessage("--coach: \(error)")
        }
        var latency: () -> Int = { 0 }
        if let jack = output as? JackBackend {
            var compensation: LatencyCompensation?
            do { compensation = try LatencyCompensation.current(jack: jack) } catch {
                writeStderr("Warning: --coach: \(error); the latency is JACK's alone\n")
            }
            var readAt = MonotonicClock().seconds
            latency = {
                let now = MonotonicClock().seconds
                if now - readAt >= 0.5, let ports = jack.portLatencies() {
                    readAt = now
                    if compensation == nil { compensation = LatencyCompensation(latencies: ports, calibration: nil) }
                    compensation?.latencies = ports
                }
                return compensation?.inputToOutputFrames() ?? 0
            }
        }
        var log: FileHandle?
        if let path = request.log {
            // Only where a regular file is or may be (`OutputTarget`); through a symbolic link.
            let target: String
            do throws(FileProblem) { target = try OutputTarget.resolve(path) } catch {
                throw ValidationErrorMessage("--coach-log: cannot write \(path): \(error.reason)")
            }
            guard FileManager.default.createFile(atPath: target, contents: nil), let handle = FileHandle(forWritingAtPath: target) else {
                throw ValidationErrorMessage("--coach-log: cannot write \(path)")
            }
            log = handle
        }
        let coach = LiveCoach(session: session, listener: listener, rate: rate, trainer: trainer, log: log, latencyFrames: latency)
        listener.start()
        return coach
    }
}
