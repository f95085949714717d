import App
import Engine
import Foundation
import JackBackend
import Persistence

/// `woodshed calibrate`: plays `CalibrateSignal` on `woodshed:calibrate` through a loopback to
/// `woodshed:in`, finds the round trip to the frame, compares it with JACK's latency API and
/// saves it for this server and interface (`CalibrationStore`). Nothing is saved when no signal
/// comes back, when a port is missing, or on Ctrl-C. Main thread (the control thread).
public enum CalibrateJob {
    /// Round trips up to this long are searched for (jack_iodelay's loopbacks are a few ms).
    static let longestRoundTripSeconds = 1

    /// Measures and saves; returns the lines to print. Throws `ValidationErrorMessage` (one line) otherwise.
    public static func run(_ request: CalibrateRequest, store: CalibrationStore = CalibrationStore()) throws -> String {
        installQuitSignals()
        try checkReadable(store)
        let signal = CalibrateSignal.samples()
        let probe: LoopbackProbe
        do {
            probe = try LoopbackProbe(name: request.jackName, server: request.server, signal: signal) { rate in
                signal.count + rate * longestRoundTripSeconds
            }
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        defer { probe.close() }
        let output = try port(request.output, "--output", default: probe.physicalPlaybackPorts.first, probe: probe)
        let input = try port(request.input, "--input", default: probe.physicalCapturePorts.first, probe: probe)
        do {
            try probe.activate()
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        guard probe.connectOutput(to: output) else {
            throw ValidationErrorMessage("cannot connect \(probe.outputName) to \(output) (--output must be a JACK input port, e.g. system:playback_1); nothing saved")
        }
        guard probe.connectInput(from: input) else {
            throw ValidationErrorMessage("cannot connect \(input) to \(probe.inputName) (--input must be a JACK output port, e.g. system:capture_1); nothing saved")
        }
        let recording: LoopbackProbe.Recording
        switch probe.run(stop: { QuitSignal.requested.load(ordering: .relaxed) }) {
        case .success(let r): recording = r
        case .failure(.interrupted): throw ValidationErrorMessage("interrupted; nothing was saved")
        case .failure(.serverGone): throw ValidationErrorMessage("the JACK server went away during the measurement; nothing saved")
        case .failure(.stalled): throw ValidationErrorMessage("the JACK server stopped running cycles during the measurement; nothing saved")
        }
        guard let measured = CalibrateSignal.find(signal, in: recording.samples) else {
            throw ValidationErrorMessage("no signal came back on \(probe.inputName) from \(input) within \(longestRoundTripSeconds) s: connect a loopback from \(output) to \(input) (a cable, level up); nothing saved")
        }
        let latencies = probe.latencies()
        // A loop through a JACK client (neither end is the interface's) closes inside JACK's
        // graph, which runs one of its connections a cycle late; JACK's ranges then both cover
        // that client, so its figure is the capture latency alone.
        let throughClient = !probe.isPhysical(output) && !probe.isPhysical(input)
        let graphLoop = throughClient ? recording.period : 0
        let jackFrames = throughClient ? latencies.capture.max : latencies.capture.max + latencies.playback.max
        let interface = AudioInterfaceName.joined(capture: probe.interface(of: input) ?? input, playback: probe.interface(of: output) ?? output)
        let calibration = LoopbackCalibration(
            server: JackServerName.effective(request.server), interface: interface, capturePort: input, playbackPort: output,
            rate: recording.rate, period: recording.period, roundTripFrames: measured - graphLoop, jackFrames: jackFrames,
            measuredAt: TinnitusMatchController.iso(Date()))
        let report = CalibrateReport(calibration: calibration, capture: latencies.capture.max, playback: latencies.playback.max,
                                     graphLoopFrames: graphLoop, inputName: probe.inputName, outputName: probe.outputName)
        do {
            try store.save(calibration)
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        return report.text + "saved in \(store.url.path)\n"
    }

    /// The store's file must parse before measuring (it is never written over otherwise).
    private static func checkReadable(_ store: CalibrationStore) throws {
        do {
            _ = try store.load()
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
    }

    /// The port given, or the default; one line when there is none or it does not exist.
    private static func port(_ given: String?, _ option: String, default fallback: String?, probe: LoopbackProbe) throws -> String {
        guard let name = given ?? fallback else {
            throw ValidationErrorMessage("no physical \(option == "--input" ? "capture" : "playback") port to use: give \(option) PORT (see jack_lsp); nothing saved")
        }
        guard probe.portExists(name) else {
            throw ValidationErrorMessage("no JACK port '\(name)' (\(option)); the ports are listed by jack_lsp; nothing saved")
        }
        return name
    }
}
