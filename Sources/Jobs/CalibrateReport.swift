import Foundation
import Persistence

/// What `woodshed calibrate` prints about one measurement. Any thread (pure).
public struct CalibrateReport: Equatable, Sendable {
    /// The saved calibration (round trip, JACK's figure, server, interface, ports).
    public var calibration: LoopbackCalibration
    /// JACK's capture latency (max) of `woodshed:in` and playback latency (max) of `woodshed:calibrate`.
    public var capture: Int
    public var playback: Int
    /// The period JACK added because the loop runs through a JACK client (0 through the interface).
    public var graphLoopFrames: Int
    /// `CLIENT:in`, `CLIENT:calibrate`.
    public var inputName: String
    public var outputName: String

    public init(calibration: LoopbackCalibration, capture: Int, playback: Int, graphLoopFrames: Int, inputName: String, outputName: String) {
        self.calibration = calibration
        self.capture = capture
        self.playback = playback
        self.graphLoopFrames = graphLoopFrames
        self.inputName = inputName
        self.outputName = outputName
    }

    /// "1000 frames (20.833 ms)".
    func frames(_ n: Int) -> String {
        "\(plural(n, "frame")) (\(String(format: "%.3f", Double(n) * 1000 / Double(calibration.rate))) ms)"
    }

    /// The lines, without the file's; each ends in a newline.
    public var text: String {
        let c = calibration
        var lines = [
            "loopback: \(outputName) → \(c.playbackPort) … \(c.capturePort) → \(inputName) (server '\(c.server)', interface '\(c.interface)', \(c.rate) Hz, period \(c.period))",
            "round trip: \(frames(c.roundTripFrames))",
        ]
        if graphLoopFrames > 0 {
            lines.append("  (measured \(c.roundTripFrames + graphLoopFrames): the loop runs through a JACK client, which JACK runs one period, \(graphLoopFrames) frames, late; taken off)")
            lines.append("JACK latency API: \(frames(c.jackFrames)): capture \(capture) on \(inputName) (the client's loop, counted once)")
        } else {
            lines.append("JACK latency API: \(frames(c.jackFrames)): capture \(capture) on \(inputName) + playback \(playback) on \(outputName)")
        }
        lines.append("extra latency JACK does not know: \(frames(c.extraFrames))")
        return lines.map { $0 + "\n" }.joined()
    }
}
