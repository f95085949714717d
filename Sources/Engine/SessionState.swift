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
    /// `metronomeType` of a mode without a metronome (noise, the clock, the tinnitus match):
    /// no tempo, meter, bar or beat to show.
    public static let noMetronome = "none"
    public var hasMetronome: Bool { metronomeType != Self.noMetronome }
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
    /// Seconds left of `--for` or the mode's own timer (noise's); nil without one.
    public var secondsLeft: Int?
    /// The state in one line, as the session's plain output says it:
    /// `132 BPM · 7/8 · bar 12.3 · running`.
    public var line: String

    // What the desktop's media controls show besides (MPRIS, docs/mpris.md).

    /// Which kind of session: what Next/Previous step (the tempo, the section) and whether it pauses.
    public enum Kind: Equatable, Sendable {
        /// `woodshed click`: Next/Previous step the tempo.
        case metronome
        /// `play`, `shadow`, `playlist play`: Next/Previous step the section.
        case player
        /// A session without tempo or sections (noise): it plays until it ends.
        case other
    }

    /// What a rate is in this session.
    public enum Rate: Equatable, Sendable {
        /// The player's session speed in thousandths (1000 = as recorded), within `range`.
        case speed(thousandths: Int, range: ClosedRange<Int>)
        /// The metronome's tempo over its tempo at the start, tempos within `range`.
        case tempo(milliBPM: Int64, atStart: Int64, range: ClosedRange<Int64>)
    }

    /// How the program loops.
    public enum Loop: Equatable, Sendable {
        case none
        /// The section repeats endlessly.
        case track
        /// After the last section, the first again (loop all).
        case playlist
    }

    public var kind: Kind = .other
    /// The player paused (a stopped metronome, or a program that ended, is not paused).
    public var paused = false
    /// What plays, in one line: "132 BPM · 7/8", "song.flac · verse", "Brown Noise".
    public var title = "Woodshed"
    /// The section playing from 0, and the pass heard from 1 (nil: no sections).
    public var sectionIndex: Int?
    public var passHeard: Int?
    /// The play head and the file's length, in microseconds of the file, and its `file://` URL
    /// (nil: no file).
    public var position: Int64?
    public var length: Int64?
    public var url: String?
    public var rate: Rate?
    public var loop: Loop = .none

    public init(milliBPM: Int64, beats: Int, denominator: Int, pattern: String = "", running: Bool, bar: Int64 = 0, beat: Int = 0,
                volume: Float = 1, muted: Bool = false, metronomeType: String = "simple", section: String? = nil, pass: String? = nil,
                speedPercent: Double? = nil, sentence: String? = nil, secondsLeft: Int? = nil, line: String = "") {
        self.milliBPM = milliBPM; self.beats = beats; self.denominator = denominator; self.pattern = pattern
        self.running = running; self.bar = bar; self.beat = beat; self.volume = volume; self.muted = muted
        self.metronomeType = metronomeType; self.section = section; self.pass = pass; self.speedPercent = speedPercent
        self.sentence = sentence; self.secondsLeft = secondsLeft; self.line = line
    }
}
