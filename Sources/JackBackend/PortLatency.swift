import CJack

/// A JACK port's latency range in frames, as `jack_port_get_latency_range` gives it: for a
/// capture range, how long ago what the port carries entered the system; for a playback range,
/// how long until what is written to it leaves. Any thread (a value).
public struct PortLatency: Equatable, Sendable {
    public var min: Int
    public var max: Int

    public init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }

    /// The range of `port` in `mode`. Control or notification thread: libjack reads the
    /// graph's shared memory, which is not for the render thread.
    static func of(_ port: OpaquePointer, _ mode: jack_latency_callback_mode_t) -> PortLatency {
        var r = jack_latency_range_t()
        jack_port_get_latency_range(port, mode, &r)
        return PortLatency(min: Int(r.min), max: Int(r.max))
    }
}

/// The latencies JACK's latency API gives for one live connection: the capture latency of what
/// feeds `woodshed:in` and the playback latency of `woodshed:click`, with the server's period.
/// Any thread (a value); read by the control thread from `JackBackend.portLatencies()`.
public struct PortLatencies: Equatable, Sendable {
    /// Capture latency of `woodshed:in` (the largest of what is connected to it).
    public var input: PortLatency
    /// Playback latency of `woodshed:click` (the largest of where it is connected).
    public var click: PortLatency
    public var rate: Int
    public var period: Int
    /// The ports connected to `woodshed:in`, and those `woodshed:click` is connected to.
    public var inputSources: [String]
    public var clickTargets: [String]

    public init(input: PortLatency, click: PortLatency, rate: Int, period: Int, inputSources: [String] = [], clickTargets: [String] = []) {
        self.input = input
        self.click = click
        self.rate = rate
        self.period = period
        self.inputSources = inputSources
        self.clickTargets = clickTargets
    }
}
