/// What a running session shows to remote controllers (`/woodshed/state`, `woodshed ctl
/// status`, klick's queries): taken on the control thread, then a plain value for any thread.
public struct RemoteState: Equatable, Sendable {
    /// The tempo in thousandths of a BPM, and the meter.
    public var milliBPM: Int64
    public var beats: Int
    public var denominator: Int
    /// The accent pattern (`X..x.x.`); empty for the standard accent on beat 1.
    public var pattern: String
    public var running: Bool
    /// Bar and beat from 1 (0 before the first beat).
    public var bar: Int64
    public var beat: Int
    /// Master volume (1 = as made) and mute.
    public var volume: Float
    public var muted: Bool
    /// klick's metronome type: `simple` (a click from settings), `map` (a tempo map), `jack`
    /// (following the transport).
    public var metronomeType: String
    /// The rehearsal player's section name, pass (`2/8`, `3` when endless), speed in percent
    /// and the sentence being shadowed; nil outside the player.
    public var section: String?
    public var pass: String?
    public var speedPercent: Double?
    public var sentence: String?
    /// The player's glitches: the server's xruns and the frames the player filled with silence
    /// (underruns); nil outside the player.
    public var xruns: Int?
    public var underrunFrames: Int64?
    /// Seconds left of `--for` or the noise timer; nil without one.
    public var secondsLeft: Int?
    /// The state in one line, as the session's plain output says it:
    /// `132 BPM · 7/8 · bar 12.3 · running`.
    public var line: String

    public init(milliBPM: Int64, beats: Int, denominator: Int, pattern: String = "", running: Bool, bar: Int64 = 0, beat: Int = 0,
                volume: Float = 1, muted: Bool = false, metronomeType: String = "simple", section: String? = nil, pass: String? = nil,
                speedPercent: Double? = nil, sentence: String? = nil, secondsLeft: Int? = nil, line: String = "") {
        self.milliBPM = milliBPM; self.beats = beats; self.denominator = denominator; self.pattern = pattern
        self.running = running; self.bar = bar; self.beat = beat; self.volume = volume; self.muted = muted
        self.metronomeType = metronomeType; self.section = section; self.pass = pass; self.speedPercent = speedPercent
        self.sentence = sentence; self.secondsLeft = secondsLeft; self.line = line
    }

    /// The fields `/woodshed/state` sends and subscribers receive one by one, in this order
    /// (name, value): tempo (f, BPM), meter (s), running (i), bar (i), beat (i), then the
    /// player's section (s), pass (s), speed (f, percent), sentence (s), xruns (i),
    /// underrun_frames (h), then time_left (i, seconds), and line (s) last.
    public var fields: [(name: String, value: OSCArgument)] {
        var f: [(String, OSCArgument)] = [
            ("tempo", .float(Float(milliBPM) / 1000)), ("meter", .string("\(beats)/\(denominator)")),
            ("running", .int32(running ? 1 : 0)), ("bar", .int32(Int32(clamping: bar))), ("beat", .int32(Int32(clamping: beat))),
        ]
        if let section { f.append(("section", .string(section))) }
        if let pass { f.append(("pass", .string(pass))) }
        if let speedPercent { f.append(("speed", .float(Float(speedPercent)))) }
        if let sentence { f.append(("sentence", .string(sentence))) }
        if let xruns { f.append(("xruns", .int32(Int32(clamping: xruns)))) }
        if let underrunFrames { f.append(("underrun_frames", .int64(underrunFrames))) }
        if let secondsLeft { f.append(("time_left", .int32(Int32(clamping: secondsLeft)))) }
        f.append(("line", .string(line)))
        return f
    }

    /// `/woodshed/state` with the fields as name/value pairs: `,sfsisi…`.
    public var message: OSCMessage {
        OSCMessage("/woodshed/state", fields.flatMap { [OSCArgument.string($0.name), $0.value] })
    }
}
