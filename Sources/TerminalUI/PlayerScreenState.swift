/// What the rehearsal player's screen shows, as words and numbers the control thread has
/// already worked out. Any thread (a value).
public struct PlayerScreenState: Equatable, Sendable {
    /// The audio file's name and format line.
    public var file: String
    /// `1:02.500 / 3:45.000`.
    public var position: String
    /// `section 2/5 · chorus · 1:02.500–1:10.000`.
    public var section: String
    /// `pass 2/4`, `pass 3/∞`.
    public var pass: String
    /// `playing`, `count-in 3.2 s`, `gap 1.1 s`, `paused`, `ended`.
    public var phase: String
    /// `speed 0.75× · transpose 0 · click on`.
    public var speed: String
    /// `next: verse`, `next: — (stops)`.
    public var next: String
    /// How far through the section, 0…1.
    public var progress: Double
    /// The JACK line; empty when none.
    public var server: String
    public var serverLost: Bool
    public var message: String
    public var keys: [KeyHelp]

    public init(file: String, position: String, section: String, pass: String, phase: String, speed: String,
                next: String, progress: Double, server: String, serverLost: Bool, message: String, keys: [KeyHelp]) {
        self.file = file
        self.position = position
        self.section = section
        self.pass = pass
        self.phase = phase
        self.speed = speed
        self.next = next
        self.progress = progress
        self.server = server
        self.serverLost = serverLost
        self.message = message
        self.keys = keys
    }

    /// The plain status line, first on screen and the line printed when stdout is not a
    /// terminal: `chorus · pass 2/4 · playing · 1:03.250 · speed 0.75×`.
    public var statusText: String {
        [section, pass, phase, position, speed].joined(separator: " · ")
    }
}
