/// `woodshed calibrate`'s options as given. Any thread (a value).
public struct CalibrateRequest: Sendable {
    /// The port the loopback comes back on (connected to `woodshed:in`); nil: the first physical capture port.
    public var input: String?
    /// The port the signal goes out on (`woodshed:calibrate` is connected to it); nil: the first physical playback port.
    public var output: String?
    public var jackName: String
    /// nil: $JACK_DEFAULT_SERVER, else "default".
    public var server: String?

    public init(input: String?, output: String?, jackName: String = "woodshed", server: String?) {
        self.input = input
        self.output = output
        self.jackName = jackName
        self.server = server
    }
}
