import MIDI

/// The MIDI side of a live session, as the command line set it up: the compiled map with the
/// words to show for each mapping, and whether the session only watches (`midi monitor`,
/// `midi learn`). Built on the main thread; read by the control thread.
public struct MIDIControl: Sendable {
    /// The map, compiled (index = position in the map file).
    public var bindings: [MIDIBinding]
    /// A second press of the same mapping within this time is ignored.
    public var debounceMilliseconds: Int
    /// One line per mapping, for the display and `midi monitor` ("CC 64 ≥ 64 → tap").
    public var descriptions: [String]
    /// The string argument of each mapping (preset names), nil where there is none.
    public var texts: [String?]
    /// Where the map came from ("built-in default", a path).
    public var source: String
    /// True: report messages and matches, apply nothing.
    public var monitorOnly = false

    public init(bindings: [MIDIBinding], debounceMilliseconds: Int = 0, descriptions: [String] = [],
                texts: [String?] = [], source: String = "", monitorOnly: Bool = false) {
        self.bindings = bindings
        self.debounceMilliseconds = debounceMilliseconds
        self.descriptions = descriptions
        self.texts = texts
        self.source = source
        self.monitorOnly = monitorOnly
    }

    /// The render-side matcher for a renderer at `rate` (the renderer owns and frees it).
    public func matcher(rate: Int) -> MIDIMatcher {
        MIDIMatcher(bindings, debounceFrames: MIDIMatcher.debounceFrames(milliseconds: debounceMilliseconds, rate: rate))
    }
}

/// One song of a setlist, ready to play: its title and either a preset or click settings.
/// Control thread.
public struct SetlistSong: Sendable {
    public var title: String
    public var preset: String?
    public var settings: ClickSettings
    public init(title: String, preset: String? = nil, settings: ClickSettings) {
        self.title = title; self.preset = preset; self.settings = settings
    }
}
