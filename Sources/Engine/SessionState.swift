/// The running session's state as every surface reads it (`/woodshed/state`, `woodshed ctl
/// status`, klick's queries, plug-in surfaces): published by the engine after each status
/// refresh, and read on demand after an action. Taken on the control thread, then a plain
/// value for any thread.
public struct SessionState: Equatable, Sendable {
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
}
