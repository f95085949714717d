/// What a live output says of itself for the screen, the plain lines and the practice log,
/// whichever backend it is (JACK's `status` is one; the ALSA output fills one in): connected
/// or not, where, the rate and period, the glitches, and JACK's transport and connections where
/// it has them. A value; any thread.
public struct OutputStatus: Sendable, Equatable {
    public var connected = false
    /// The JACK server's name, or the ALSA device's.
    public var server = ""
    /// JACK's client name (empty on ALSA).
    public var clientName = ""
    public var rate = 0
    /// Frames a period (JACK's buffer size, ALSA's period).
    public var bufferSize = 0
    public var dspLoad: Float = 0
    public var xruns = 0
    public var skippedCycles = 0
    /// JACK transport: rolling, and whether this client is the timebase master.
    public var rolling = false
    public var isTimebaseMaster = false
    /// The ports the output is connected to (JACK).
    public var connections: [String] = []

    public init() {}
}
