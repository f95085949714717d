import JackBackend
import Persistence

/// How much later than the click a note played with it reaches Woodshed: the click leaves
/// `woodshed:click` at frame c, is heard after the playback latency of where it is connected,
/// the note played on it enters the interface and reaches `woodshed:in` after the capture
/// latency of what feeds `in` — both from JACK's latency API — plus what a `woodshed calibrate`
/// of this server and interface measured that the API does not know (its extra latency). The
/// note then shows in `in`'s timeline at c + `inputToOutputFrames()`. A value: any thread may
/// hold and read it; `current` asks JACK and the disk, so it is for the control thread.
public struct LatencyCompensation: Equatable, Sendable {
    /// JACK's latency API for `in` and `click` when this was made.
    public var latencies: PortLatencies
    /// The saved calibration of this server and interface, if there is one.
    public var calibration: LoopbackCalibration?

    public init(latencies: PortLatencies, calibration: LoopbackCalibration?) {
        self.latencies = latencies
        self.calibration = calibration
    }

    /// Frames from a click's frame on `woodshed:click` to the frame at which a note played
    /// exactly with it arrives on `woodshed:in`: the click's playback latency (max) + the
    /// input's capture latency (max) + the calibration's extra frames (0 without one). Any thread.
    public func inputToOutputFrames() -> Int {
        latencies.click.max + latencies.input.max + (calibration?.extraFrames ?? 0)
    }

    /// The same in milliseconds at the connection's rate. Any thread.
    public var milliseconds: Double { Double(inputToOutputFrames()) * 1000 / Double(max(latencies.rate, 1)) }

    /// The interface a calibration of this connection is kept under: that of the first port
    /// feeding `in` and of the first port `click` plays to (see `AudioInterfaceName`); nil when
    /// either is not connected. Control thread.
    public static func interface(of latencies: PortLatencies, jack: JackBackend) -> String? {
        guard let source = latencies.inputSources.first, let target = latencies.clickTargets.first,
              let capture = jack.interface(of: source), let playback = jack.interface(of: target) else { return nil }
        return AudioInterfaceName.joined(capture: capture, playback: playback)
    }

    /// What JACK says now for `jack`'s connection, with the saved calibration of its server and
    /// interface from `store`; nil without a JACK connection. Throws when the calibration file
    /// cannot be read. Control thread: call it on demand (at start, after a reconnect or a
    /// change of connections), never from the render thread.
    public static func current(jack: JackBackend, store: CalibrationStore = CalibrationStore()) throws(CalibrationError) -> LatencyCompensation? {
        guard let latencies = jack.portLatencies() else { return nil }
        let saved = try interface(of: latencies, jack: jack).flatMap { name throws(CalibrationError) in
            try store.calibration(server: jack.status.server, interface: name)
        }
        return LatencyCompensation(latencies: latencies, calibration: saved)
    }
}
