import Foundation

/// One sound of the catalog as its file says (`$XDG_CONFIG_HOME/woodshed/sounds/NAME.json`, or
/// a built-in one in the data folder's `sounds/`): its category, what makes it (a generator
/// with its parameters, a sound file, or a sound of the freedesktop sound theme) and its level.
/// Any thread (a value); `SoundEntryLibrary` reads the files, and `SoundCatalog` (Sounds) turns
/// an entry into something to play.
///
///     { "schemaVersion": 1, "comment": "Rain on a roof.", "category": "nature", "level": -22,
///       "generator": { "type": "rain", "dropletsPerSecond": 12 } }
///     { "schemaVersion": 1, "category": "nature", "file": "creek.flac", "crossfadeSeconds": 0.5 }
///     { "schemaVersion": 1, "category": "alarm", "themeSound": "alarm-clock-elapsed" }
///
/// Exactly one of `generator`, `file` and `themeSound`. Fields starting with `_` or `comment`
/// are comments; the first is the description `woodshed sounds list` shows.
public struct SoundEntry: Sendable, Equatable {
    public static let schemaVersion = 1
    static let fields = ["schemaVersion", "category", "level", "generator", "file", "crossfadeSeconds", "themeSound"]
    /// The categories there are, in the order `sounds list` shows them.
    public static let categories = ["noise", "nature", "machine", "alarm", "other"]
    /// The crossfade at a file's seam when the file does not say.
    public static let defaultCrossfadeSeconds = 0.25
    /// The longest crossfade a file may ask for, in seconds.
    public static let crossfadeRange: ClosedRange<Double> = 0 ... 10

    /// What makes the sound.
    public enum Source: Sendable, Equatable {
        case generator(SoundGeneratorSettings)
        /// A sound file (an absolute path: a relative one in the file is taken from the
        /// catalog file's folder), looped with a crossfade of this many seconds at the seam.
        case file(path: String, crossfadeSeconds: Double)
        /// A sound of the freedesktop sound theme, found through the XDG data folders
        /// (`SoundTheme`), looped like a file.
        case themeSound(name: String, crossfadeSeconds: Double)
    }

    public var category: String
    public var source: Source
    /// dBFS RMS; nil: the generator's default.
    public var level: Double?
    /// The text of the first comment field ("" when there is none).
    public var description: String

    public init(category: String, source: Source, level: Double? = nil, description: String = "") {
        self.category = category
        self.source = source
        self.level = level
        self.description = description
    }

    /// Reads a catalog file's bytes; `source` names the file in errors (file, line, field).
    /// `levels` are the levels allowed (the generator's, which Persistence does not depend on).
    public init(data: Data, source: String, levels: ClosedRange<Double>) throws(JSONFileError) {
        let folder = URL(fileURLWithPath: source).deletingLastPathComponent().path
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in
            try SoundEntry(root, folder: folder, levels: levels)
        }
    }

    init(_ root: JSONNode, folder: String, levels: ClosedRange<Double>) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: SoundEntry.fields, version: SoundEntry.schemaVersion)
        guard let categoryNode = root.field("category", of: top) else {
            throw JSONFieldError(path: "category", message: "required, but missing (\(SoundEntry.categories.joined(separator: ", ")))")
        }
        let category = try categoryNode.string()
        guard SoundEntry.categories.contains(category) else {
            throw categoryNode.fail("\"\(category)\" is not a category: use \(SoundEntry.categories.joined(separator: ", "))")
        }
        var level: Double?
        if let node = root.field("level", of: top) { level = try node.number(in: levels, what: "a level in dBFS RMS") }
        let makers = ["generator", "file", "themeSound"].filter { top[$0] != nil }
        guard makers.count == 1 else {
            throw JSONFieldError(path: makers.count > 1 ? makers[1] : "", message: makers.count > 1
                ? "give one of generator, file and themeSound, not \(makers.joined(separator: " and "))"
                : "say what makes the sound: a generator, a file or a themeSound")
        }
        let crossfadeNode = root.field("crossfadeSeconds", of: top)
        let crossfade = try crossfadeNode?.number(in: SoundEntry.crossfadeRange, what: "a time in seconds") ?? SoundEntry.defaultCrossfadeSeconds
        let source: Source
        if let node = root.field("generator", of: top) {
            if let crossfadeNode { throw crossfadeNode.fail("goes with a file or a themeSound, not a generator") }
            source = .generator(try SoundGeneratorSettings(node))
        } else if let node = root.field("file", of: top) {
            let path = try node.string()
            guard !path.isEmpty else { throw node.fail("expected the path of a sound file, not \"\"") }
            source = .file(path: path.hasPrefix("/") ? path : folder + "/" + path, crossfadeSeconds: crossfade)
        } else {
            let node = root.field("themeSound", of: top)!
            let name = try node.string()
            guard SoundTheme.isSoundName(name) else {
                throw node.fail("\"\(name)\" is not a sound theme name (lower-case letters, digits and -, such as alarm-clock-elapsed)")
            }
            source = .themeSound(name: name, crossfadeSeconds: crossfade)
        }
        let description = JSONNode.comments(of: top).sorted { $0.key < $1.key }.first?.value ?? ""
        self.init(category: category, source: source, level: level, description: description)
    }
}

extension JSONNode {
    /// A JSON number in `range`; `what` names what is expected in the error for anything else.
    func number(in range: ClosedRange<Double>, what: String) throws(JSONFieldError) -> Double {
        guard let value = decimal.map({ NSDecimalNumber(decimal: $0).doubleValue }) else { throw fail("expected \(what), not \(shown)") }
        guard range.contains(value) else {
            throw fail("\(shown) is out of range: use \(JSONNode.plain(range.lowerBound)) to \(JSONNode.plain(range.upperBound))")
        }
        return value
    }

    /// 6 as "6", 0.25 as "0.25".
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
