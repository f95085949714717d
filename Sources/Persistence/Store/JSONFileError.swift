/// Why a JSON file of ours (a MIDI map, a setlist) could not be used. Any thread.
///
/// Its description is one line naming the file, then the field as a JSON path (or, for text
/// that is not JSON, the line and column), then what is wrong:
///
///     midi-map.json: mappings[2].action: unknown action "tempo-upp" (known: start, stop, …)
///     friday.json: songs[1].meter: meter '3/0' is not valid: write beats/denominator, …
///     midi-map.json:4:11: not valid JSON: invalid value
public struct JSONFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user gave it (or "built-in default" for the built-in MIDI map).
    public var source: String
    /// The field at fault as a JSON path (`mappings[0].number`, `songs[1].tempo`); nil for the whole file.
    public var field: String?
    /// 1-based line and column, for JSON syntax errors when Foundation says where.
    public var line: Int?
    public var column: Int?
    /// What is wrong, in the user's words.
    public var message: String

    public init(source: String, field: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.source = source
        self.field = field
        self.line = line
        self.column = column
        self.message = message
    }

    /// Control characters quoted from the file are shown escaped (`\u{1B}`).
    public var description: String {
        let place = [source, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return ("\(place): " + (field.map { "\($0): " } ?? "") + message).escapingControlCharacters()
    }
}

extension JSONFileError {
    init(_ error: JSONFieldError, source: String) {
        self.init(source: source, field: error.path.isEmpty ? nil : error.path, message: error.message)
    }

    init(_ error: JSONSyntaxError, source: String) {
        self.init(source: source, line: error.line, column: error.column, message: error.message)
    }
}
