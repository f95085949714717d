/// What the live display shows. Control thread: plain data, filled by the control loop each
/// frame and handed to `ScreenLayout` or `PlainLineReporter`.
public struct DisplayState: Equatable, Sendable {
    /// The tempo as plain digits, e.g. "120" or "97.5".
    public var bpm: String
    /// The meter, e.g. "7/8".
    public var meter: String
    /// The 1-based bar; count-in bars are <= 0 (0 is the last count-in bar).
    public var bar: Int64
    /// The 1-based beat in the bar; 0 before the first beat has sounded.
    public var beat: Int
    /// How many beats the bar has: one box each in the beat indicator.
    public var beatsPerBar: Int
    /// Whether the current beat is lit (for about 100 ms after its click).
    public var flash: Flash
    /// True while the click runs.
    public var running: Bool
    /// True while the click output is muted (the timeline keeps running).
    public var muted: Bool
    /// Master volume, linear 0...4 (1 = unity, shown as 100 %).
    public var volume: Float
    /// The click sound's name, e.g. "beep".
    public var sound: String
    /// The transport state, e.g. "free", "master", "follow · rolling", "follow · stopped".
    public var transport: String
    /// The label of the tempo-map entry playing now, when a map runs, e.g. "chorus".
    public var mapLabel: String?
    /// Bars left in the tempo map, when a map runs.
    public var barsLeft: Int64?
    /// JACK's DSP load in percent.
    public var dspLoad: Float
    /// Xruns counted since start.
    public var xruns: Int
    /// One line about the server, e.g. "JACK 'default' · 48000 Hz · 64 frames · client woodshed".
    public var server: String
    /// True while the JACK server is gone: a banner says so; everything else is kept.
    public var serverLost: Bool
    /// The last one-line status message, "" for none, e.g. "tempo follows the map".
    public var message: String
    /// The key legend listed at the bottom.
    public var keys: [KeyHelp]
    /// The setlist's line (`Friday gig · song 2/3 Ballad · next: Odd`); nil without a setlist.
    public var setlist: String?

    /// A display state; every field has a default (120 BPM in 4/4, stopped, before bar 1).
    public init(
        bpm: String = "120", meter: String = "4/4", bar: Int64 = 1, beat: Int = 0,
        beatsPerBar: Int = 4, flash: Flash = .none, running: Bool = false, muted: Bool = false,
        volume: Float = 1, sound: String = "beep", transport: String = "free",
        mapLabel: String? = nil, barsLeft: Int64? = nil, setlist: String? = nil, dspLoad: Float = 0, xruns: Int = 0,
        server: String = "", serverLost: Bool = false, message: String = "", keys: [KeyHelp] = []
    ) {
        self.bpm = bpm; self.meter = meter; self.bar = bar; self.beat = beat
        self.beatsPerBar = beatsPerBar; self.flash = flash; self.running = running
        self.muted = muted; self.volume = volume; self.sound = sound; self.transport = transport
        self.mapLabel = mapLabel; self.barsLeft = barsLeft; self.dspLoad = dspLoad
        self.xruns = xruns; self.server = server; self.serverLost = serverLost
        self.message = message; self.keys = keys; self.setlist = setlist
    }
}
