import CJack
import Glibc

/// A short-lived JACK client for `woodshed calibrate`, as jack_iodelay is: it plays a test
/// signal on `CLIENT:calibrate` and records `CLIENT:in`, through a loopback (a cable from an
/// output of the interface to an input, or a JACK client), each at its server frame. Control
/// thread only; its process callback runs on JACK's thread and touches only a `LoopbackCycle`.
public final class LoopbackProbe {
    /// What one run heard.
    public struct Recording: Sendable {
        /// `in` from the server frame the signal's first sample was played at.
        public var samples: [Float]
        public var rate: Int
        /// The server's period when the recording ended.
        public var period: Int
    }

    /// Why a run gave no recording.
    public enum Failure: Error, Equatable {
        case serverGone
        case stalled
        case interrupted
    }

    private let client: OpaquePointer
    private let cycle: LoopbackCycle
    public let clientName: String
    public let rate: Int
    private var active = false

    /// Opens a client named `name` on `server` (nil: $JACK_DEFAULT_SERVER or "default"), never
    /// starting a server, with `calibrate` and `in` ready to play `signal` and record
    /// `recordFrames(rate)` frames at the server's rate. Not active yet.
    public init(name: String, server: String?, signal: [Float], recordFrames: (Int) -> Int) throws(JackError) {
        jack_set_error_function(jackMessage)
        jack_set_info_function(jackMessage)
        var status = jack_status_t(rawValue: 0)
        guard let c = woodshed_jack_client_open(name, JackNoStartServer, &status, server) else {
            if status.rawValue & JackServerFailed.rawValue != 0 { throw .noServer(server: JackServerName.effective(server)) }
            throw .openFailed(status: status.rawValue)
        }
        guard let out = jack_port_register(c, "calibrate", "32 bit float mono audio", UInt(JackPortIsOutput.rawValue), 0) else {
            jack_client_close(c)
            throw .portFailed("calibrate")
        }
        guard let inp = jack_port_register(c, "in", "32 bit float mono audio", UInt(JackPortIsInput.rawValue), 0) else {
            jack_client_close(c)
            throw .portFailed("in")
        }
        client = c
        clientName = String(cString: jack_get_client_name(c))
        rate = Int(jack_get_sample_rate(c))
        cycle = LoopbackCycle(client: c, output: out, input: inp, signal: signal, recordFrames: recordFrames(rate))
        let arg = Unmanaged.passUnretained(cycle).toOpaque()
        jack_set_process_callback(c, loopbackProcess, arg)
        jack_set_latency_callback(c, loopbackLatency, arg)
        jack_on_info_shutdown(c, loopbackShutdown, arg)
    }

    deinit { close() }

    public func activate() throws(JackError) {
        guard jack_activate(client) == 0 else { throw .activateFailed }
        active = true
    }

    /// `CLIENT:calibrate` and `CLIENT:in`.
    public var outputName: String { String(cString: jack_port_name(cycle.output)) }
    public var inputName: String { String(cString: jack_port_name(cycle.input)) }

    /// True when a port of that name exists.
    public func portExists(_ name: String) -> Bool { jack_port_by_name(client, name) != nil }

    /// True when the port is a physical one (the interface's, not a client's).
    public func isPhysical(_ name: String) -> Bool {
        guard let p = jack_port_by_name(client, name) else { return false }
        return Int32(jack_port_flags(p)) & Int32(JackPortIsPhysical.rawValue) != 0
    }

    /// The first physical capture and playback ports, found by flags (the default loopback ends).
    public var physicalCapturePorts: [String] { ports(flags: JackPortIsPhysical.rawValue | JackPortIsOutput.rawValue) }
    public var physicalPlaybackPorts: [String] { ports(flags: JackPortIsPhysical.rawValue | JackPortIsInput.rawValue) }

    /// Connects `calibrate` to `target`; false when JACK refused.
    public func connectOutput(to target: String) -> Bool { connected(jack_connect(client, outputName, target)) }

    /// Connects `source` to `in`; false when JACK refused.
    public func connectInput(from source: String) -> Bool { connected(jack_connect(client, source, inputName)) }

    /// The capture latency of `in` and the playback latency of `calibrate`, as JACK's latency
    /// API gives them now (after `jack_recompute_total_latencies`).
    public func latencies() -> (capture: PortLatency, playback: PortLatency) {
        jack_recompute_total_latencies(client)
        return (PortLatency.of(cycle.input, JackCaptureLatency), PortLatency.of(cycle.output, JackPlaybackLatency))
    }

    /// The interface the port belongs to (see `AudioInterfaceName`).
    public func interface(of port: String) -> String? { AudioInterfaceName.of(port: port, client: client) }

    /// The server's period now.
    public var period: Int { Int(jack_get_buffer_size(client)) }

    /// Plays the signal once and records; returns when the recording is full. `stop` is asked
    /// every few milliseconds (Ctrl-C). Fails when the server goes away, or has not filled the
    /// recording within twice its length plus `stallSeconds` (it stopped running cycles).
    public func run(stallSeconds: Double = 5, stop: () -> Bool) -> Result<Recording, Failure> {
        cycle.armed.store(true, ordering: .releasing)
        let frames = cycle.recording.count
        let limit = Double(frames) / Double(rate) * 2 + stallSeconds
        var waited = 0.0
        while !cycle.done.load(ordering: .acquiring) {
            if cycle.serverGone.load(ordering: .acquiring) { return .failure(.serverGone) }
            if stop() { return .failure(.interrupted) }
            if waited > limit { return .failure(.stalled) }
            usleep(5_000)
            waited += 0.005
        }
        return .success(Recording(samples: Array(cycle.recording), rate: rate, period: period))
    }

    /// Deactivates and closes the client (the ports go with it). Idempotent. After the server
    /// went away the client is left alone (closing it could wait for ever); the process ends soon.
    public func close() {
        guard !closed else { return }
        closed = true
        guard !cycle.serverGone.load(ordering: .acquiring) else { return }
        if active { jack_deactivate(client) }
        active = false
        jack_client_close(client)
    }
    private var closed = false

    private func connected(_ r: Int32) -> Bool { r == 0 || r == EEXIST }

    private func ports(flags: UInt32) -> [String] {
        guard let list = jack_get_ports(client, nil, "32 bit float mono audio", UInt(flags)) else { return [] }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        var out: [String] = []
        var i = 0
        while let s = list[i] { out.append(String(cString: s)); i += 1 }
        return out
    }
}
