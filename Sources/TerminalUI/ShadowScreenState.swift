/// What the shadowing screen shows, as words and numbers the control thread has worked out.
/// Any thread (a value).
public struct ShadowScreenState: Equatable, Sendable {
    /// `sentence 3/12`.
    public var sentence: String
    /// The sentence's text (from the subtitles), or its name and times when it has none.
    public var text: String
    /// The next sentence's text; nil at the last one.
    public var next: String?
    /// `pass 2/3`, `blind`.
    public var pass: String
    /// `listen`, `your turn`, `pause`, `waiting`, `ended`.
    public var phase: String
    /// Seconds left in the phase, and how much of it is left (1 → 0), for the countdown bar.
    public var secondsLeft: Double
    public var fractionLeft: Double
    /// `speed 0.9× · lesson.mp3`.
    public var details: String
    public var server: String
    public var serverLost: Bool
    public var message: String
    public var keys: [KeyHelp]
    /// The whole file in one line with the sentence marks and the play head, and the sentence
    /// list, one row each (as the player's screen shows them); empty: not shown.
    public var timeline: String
    public var sections: [String]
    /// The row to keep in view when the list does not fit: the list's cursor.
    public var sectionInView: Int

    public init(sentence: String, text: String, next: String?, pass: String, phase: String, secondsLeft: Double,
                fractionLeft: Double, details: String, server: String, serverLost: Bool, message: String, keys: [KeyHelp],
                timeline: String = "", sections: [String] = [], sectionInView: Int = 0) {
        self.sentence = sentence
        self.text = text
        self.next = next
        self.pass = pass
        self.phase = phase
        self.secondsLeft = secondsLeft
        self.fractionLeft = fractionLeft
        self.details = details
        self.server = server
        self.serverLost = serverLost
        self.message = message
        self.keys = keys
        self.timeline = timeline
        self.sections = sections
        self.sectionInView = sectionInView
    }

    /// The plain status line: `sentence 3/12 · pass 2/3 · your turn 1.4 s · speed 0.9×`.
    public var statusText: String {
        "\(sentence) · \(pass) · \(phase)\(secondsLeft > 0 ? " " + PlayerScreen.seconds(secondsLeft) : "") · \(details)"
    }
}
