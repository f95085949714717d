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
    /// The whole file in one line, with the sections' marks, the play head and the loop
    /// playing (`SectionOverview.timeline`); empty: none.
    public var timeline: String
    /// The section list, one row each (`SectionOverview.rows`); empty: none.
    public var sections: [String]
    /// The row to keep in view when the list does not fit: the list's cursor.
    public var sectionInView: Int

    public init(file: String, position: String, section: String, pass: String, phase: String, speed: String,
                next: String, progress: Double, server: String, serverLost: Bool, message: String, keys: [KeyHelp],
                timeline: String = "", sections: [String] = [], sectionInView: Int = 0) {
        self.timeline = timeline
        self.sections = sections
        self.sectionInView = sectionInView
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
