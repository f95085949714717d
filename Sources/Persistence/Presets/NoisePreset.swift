import Foundation

/// A named noise session: its colour, level, and optionally how long it plays and its fade-out
/// (`woodshed noise sleep`). Any thread (a value); `NoisePresetLibrary` reads the files.
///
/// The file (`Presets/noise/NAME.json`, or your own in `$XDG_CONFIG_HOME/woodshed/noise/`):
///
///     { "schemaVersion": 1, "comment": "…", "color": "brown", "level": -26,
///       "forSeconds": 2700, "fadeSeconds": 120 }
///
/// `color` and `schemaVersion` are required; `level` is dBFS RMS; `fadeSeconds` needs
/// `forSeconds`. Fields starting with `_` or `comment` are comments; the first is the
/// description `woodshed noise --help` shows.
public struct NoisePreset: Sendable, Equatable {
    public static let schemaVersion = 1
    static let fields = ["schemaVersion", "color", "level", "forSeconds", "fadeSeconds"]

    public var color: String
    /// dBFS RMS; nil: the generator's default.
    public var level: Double?
    /// Whole seconds; nil: until you quit.
    public var seconds: Int?
    /// Whole seconds of fade-out at the end of `seconds`; nil: the command's default.
    public var fadeSeconds: Int?
    /// The text of the `comment` field ("" when there is none).
    public var description: String

    public init(color: String, level: Double? = nil, seconds: Int? = nil, fadeSeconds: Int? = nil, description: String = "") {
        self.color = color
        self.level = level
        self.seconds = seconds
        self.fadeSeconds = fadeSeconds
        self.description = description
    }

    /// Reads a preset file's bytes; `source` names the file in errors. `colors` are the noise
    /// colours there are and `levels` the levels allowed (the generator's, which Persistence
    /// does not depend on).
    public init(data: Data, source: String, colors: [String], levels: ClosedRange<Double>) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in
            try NoisePreset(root, colors: colors, levels: levels)
        }
    }

    init(_ root: JSONNode, colors: [String], levels: ClosedRange<Double>) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: NoisePreset.fields, version: NoisePreset.schemaVersion)
        guard let colorNode = root.field("color", of: top) else {
            throw JSONFieldError(path: "color", message: "required, but missing (\(colors.joined(separator: ", ")))")
        }
        let color = try colorNode.string()
        guard colors.contains(color) else { throw colorNode.fail("\"\(color)\" is not a noise colour: use \(colors.joined(separator: ", "))") }
        var level: Double?
        if let node = root.field("level", of: top) {
            guard let value = node.decimal.map({ NSDecimalNumber(decimal: $0).doubleValue }) else {
                throw node.fail("expected a level in dBFS RMS, not \(node.shown)")
            }
            guard levels.contains(value) else {
                throw node.fail("\(node.shown) is out of range: use \(Int(levels.lowerBound)) to \(Int(levels.upperBound)) dBFS RMS")
            }
            level = value
        }
        let seconds = try root.field("forSeconds", of: top)?.wholeNumber(in: 1...86_400)
        let fade = try root.field("fadeSeconds", of: top)?.wholeNumber(in: 0...86_400)
        if fade != nil && seconds == nil { throw JSONFieldError(path: "fadeSeconds", message: "needs forSeconds (the fade ends the timer)") }
        let description = JSONNode.comments(of: top).sorted { $0.key < $1.key }.first?.value ?? ""
        self.init(color: color, level: level, seconds: seconds, fadeSeconds: fade, description: description)
    }
}
