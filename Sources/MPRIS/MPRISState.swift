/// What the MPRIS object shows of a live session at one moment: the kind of session, whether
/// it plays, and what the `Metadata` names. Any thread (a value); built on the control thread
/// by the session's controller at each status refresh.
public struct MPRISState: Equatable, Sendable {
    /// Which surface Next/Previous act on.
    public enum Kind: Equatable, Sendable {
        /// `woodshed click`: Next/Previous step the tempo.
        case metronome
        /// `play`, `shadow`, `playlist play`: Next/Previous step the section (a sentence in shadowing).
        case player
        /// A session without tempo or sections (noise): Stop and Quit end it; it has no pause.
        case other
    }

    /// `PlaybackStatus`, in MPRIS's words.
    public enum Status: String, Equatable, Sendable {
        case playing = "Playing"
        /// The player paused.
        case paused = "Paused"
        /// The metronome stopped.
        case stopped = "Stopped"
    }

    /// What `Rate` is in a session.
    public enum Rate: Equatable, Sendable {
        /// The player's session speed in thousandths (1000 = as recorded), within `range`.
        case speed(thousandths: Int, range: ClosedRange<Int>)
        /// The metronome's tempo over its tempo at the start, tempos within `range`.
        case tempo(milliBPM: Int64, atStart: Int64, range: ClosedRange<Int64>)
    }

    /// `LoopStatus`, in MPRIS's words.
    public enum Loop: String, Equatable, Sendable {
        case none = "None"
        /// The section repeats endlessly.
        case track = "Track"
        /// After the last section, the first again (loop all).
        case playlist = "Playlist"
    }

    public var kind: Kind
    public var status: Status
    /// `xesam:title`: "132 BPM · 7/8", or the file and section.
    public var title: String
    /// `woodshed:bpm`, in thousandths of a BPM (nil: no tempo in this session).
    public var milliBPM: Int64?
    /// `woodshed:meter`, "7/8" (nil: none).
    public var meter: String?
    /// `woodshed:section`: the section's name (nil: no sections).
    public var section: String?
    /// `woodshed:pass`: the pass heard now, from 1 (nil: no passes).
    public var pass: Int?
    /// The section playing, from 0 (its `mpris:trackid` is `/org/woodshed/track/<index>`); nil:
    /// no sections.
    public var sectionIndex: Int?
    /// `woodshed:left`: whole seconds left of the noise's timer (nil: none).
    public var secondsLeft: Int?
    /// `Volume`, linear (1 = as loud as the sound is).
    public var volume: Double
    /// `Position` in microseconds of the file (the player; during count-ins and gaps the
    /// section's start); nil: no position (the metronome), and no seeking.
    public var position: Int64?
    /// `mpris:length`, the file's length in microseconds (nil: no file).
    public var length: Int64?
    /// `xesam:url`, the file's `file://` URL (nil: no file).
    public var url: String?
    /// `Rate` (nil: always 1, not settable).
    public var rate: Rate?
    /// `LoopStatus`.
    public var loop: Loop

    public init(kind: Kind, status: Status, title: String, milliBPM: Int64? = nil, meter: String? = nil,
                section: String? = nil, pass: Int? = nil, sectionIndex: Int? = nil, secondsLeft: Int? = nil, volume: Double = 1, position: Int64? = nil,
                length: Int64? = nil, url: String? = nil, rate: Rate? = nil,
                loop: Loop = .none) {
        self.kind = kind
        self.status = status
        self.title = title
        self.milliBPM = milliBPM
        self.meter = meter
        self.section = section
        self.pass = pass
        self.sectionIndex = sectionIndex
        self.secondsLeft = secondsLeft
        self.volume = volume
        self.position = position
        self.length = length
        self.url = url
        self.rate = rate
        self.loop = loop
    }
}
