/// One `woodshed calibrate` result: the round trip measured through a loopback on one JACK
/// server and audio interface, what JACK's latency API said for it, and the difference (the
/// latency the API does not know), which latency compensation adds. Any thread (a value).
public struct LoopbackCalibration: Equatable, Sendable {
    /// The JACK server's name (`default`, or `jackd -n NAME`).
    public var server: String
    /// The interface (see `AudioInterfaceName` in JackBackend): `hw:PCH`, `dummy`, a client's name.
    public var interface: String
    /// The loopback's ends: the port `woodshed:in` recorded from, the port the signal went to.
    public var capturePort: String
    public var playbackPort: String
    public var rate: Int
    public var period: Int
    /// The round trip measured, in frames.
    public var roundTripFrames: Int
    /// What JACK's latency API says for the same loopback, in frames.
    public var jackFrames: Int
    /// When, as ISO 8601 UTC (`2026-11-24T12:30:00Z`).
    public var measuredAt: String

    /// Frames JACK's latency API does not know: measured minus the API's figure (may be < 0).
    public var extraFrames: Int { roundTripFrames - jackFrames }

    public init(server: String, interface: String, capturePort: String, playbackPort: String, rate: Int, period: Int,
                roundTripFrames: Int, jackFrames: Int, measuredAt: String) {
        self.server = server
        self.interface = interface
        self.capturePort = capturePort
        self.playbackPort = playbackPort
        self.rate = rate
        self.period = period
        self.roundTripFrames = roundTripFrames
        self.jackFrames = jackFrames
        self.measuredAt = measuredAt
    }

    public static let schemaVersion = 1
    /// Frames a round trip may have: up to 10 s at 192 kHz.
    static let frameRange = 0...1_920_000
}
