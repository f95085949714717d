import Foundation
import WoodshedCore

/// The songs of a gig in order, each a preset or a tempo, as in a setlist file. Any thread (a
/// plain value; reading a file is for the control thread).
///
///     {
///       "schemaVersion": 1,
///       "name": "Friday gig",
///       "songs": [
///         {"title": "Opener", "preset": "rock-4-4"},
///         {"title": "Ballad", "tempo": "72", "meter": "3/4"},
///         {"title": "Odd", "tempo": "133", "meter": "7/8", "pattern": "X.x.x.."}
///       ]
///     }
///
/// Each song has a `preset` (a preset name, looked up by the caller) or a `tempo` written as on
/// the command line (`"120"`, `"97.5"`, `"80-160/10"`), with an optional `meter` and `pattern`
/// (checked here). `title` defaults to "Song N". Keys starting with `_` or `comment` are
/// comments; any other unknown key is an error.
public struct Setlist: Sendable, Equatable {
    /// The only `schemaVersion` this version of Woodshed reads.
    public static let schemaVersion = 1
    static let topFields = ["schemaVersion", "name", "description", "songs"]
    static let songFields = ["title", "preset", "tempo", "meter", "pattern"]

    /// One song of a setlist. Any thread.
    public struct Song: Sendable, Equatable {
        public var title: String
        /// A preset name; nil when the song gives a tempo.
        public var preset: String?
        /// As on the command line (`"97.5"`, `"80-160/10"`); nil when the song names a preset.
        public var tempo: String?
        /// `"7/8"`; nil: 4/4. Only with a tempo.
        public var meter: String?
        /// Accent letters for one bar of the meter; nil: accent on one. Only with a tempo.
        public var pattern: String?

        public init(title: String, preset: String? = nil, tempo: String? = nil, meter: String? = nil, pattern: String? = nil) {
            self.title = title
            self.preset = preset
            self.tempo = tempo
            self.meter = meter
            self.pattern = pattern
        }
    }

    /// The file's name when it gives none: its file name without `.json`.
    public var name: String
    public var description: String
    /// At least one.
    public var songs: [Song]

    public init(name: String, description: String = "", songs: [Song]) {
        self.name = name
        self.description = description
        self.songs = songs
    }

    /// Reads a setlist file's JSON and checks every song. `source` names the file in errors.
    public init(data: Data, source: String) throws(SetlistError) {
        self = try JSONNode.reading(data, source: source, fieldLines: false) { root throws(JSONFieldError) in
            try Setlist(root, source: source)
        }
    }

    /// Reads a setlist file (disk I/O: the control thread); errors name it by the path as given.
    public init(contentsOf url: URL) throws(SetlistError) {
        let source = url.relativePath
        try self.init(data: try FileAccess.readJSONFile(url.path, source: source), source: source)
    }

    init(_ root: JSONNode, source: String) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: Setlist.topFields, version: Setlist.schemaVersion)
        let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        name = try root.field("name", of: top)?.string() ?? stem
        description = try root.field("description", of: top)?.string() ?? ""
        guard let list = root.field("songs", of: top) else {
            throw JSONFieldError(path: "songs", message: "required, but missing")
        }
        let items = try list.list()
        guard !items.isEmpty else { throw list.fail("a setlist needs at least one song") }
        songs = []
        for i in items.indices {
            songs.append(try Song(list.element(i, of: items), number: i + 1))
        }
    }
}

extension Setlist.Song {
    /// One song of a setlist file, every field checked.
    init(_ node: JSONNode, number: Int) throws(JSONFieldError) {
        let object = try node.object(known: Setlist.songFields)
        func field(_ key: String) throws(JSONFieldError) -> (node: JSONNode, text: String)? {
            guard let f = node.field(key, of: object) else { return nil }
            return (f, try f.string())
        }
        let title = try field("title"), preset = try field("preset"), tempo = try field("tempo")
        let meter = try field("meter"), pattern = try field("pattern")

        switch (preset, tempo) {
        case (nil, nil):
            throw node.fail("give \"preset\" (a preset name) or \"tempo\" (e.g. \"120\")")
        case (.some, .some):
            throw node.fail("give \"preset\" or \"tempo\", not both")
        case (let preset?, nil):
            guard !preset.text.isEmpty else { throw preset.node.fail("expected a preset name, not \"\"") }
            if let other = meter ?? pattern {
                throw other.node.fail("the preset sets the meter and pattern; give \"tempo\" instead of \"preset\" to set them")
            }
        case (nil, let tempo?):
            do throws(MapFileError) {
                if case .ramp = try KlickMapParser.commandLineTempo(tempo.text) {
                    throw MapFileError(file: nil, message:
                        "a ramp needs a number of bars, which a song cannot give; write \(tempo.text)/10 for 10 bars per BPM")
                }
            } catch {
                throw tempo.node.fail(error.message)
            }
            var bar = Meter.fourFour
            if let meter {
                do throws(TimingError) {
                    bar = try Meter(parsing: meter.text)
                } catch { throw meter.node.fail(error.description) }
            }
            if let pattern {
                do throws(TimingError) {
                    _ = try ClickPattern(parsing: pattern.text, meter: bar)
                } catch {
                    if case .badPattern(let why) = error { throw pattern.node.fail(why) }
                    throw pattern.node.fail(error.description)
                }
            }
        }
        self.init(title: title?.text ?? "Song \(number)", preset: preset?.text, tempo: tempo?.text,
                  meter: meter?.text, pattern: pattern?.text)
    }
}
