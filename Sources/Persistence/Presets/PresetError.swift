import Foundation

/// Why a preset could not be loaded or used. Any thread.
///
/// Each description is one line naming the file and the field (or line) at fault:
/// `rock.json: field 'meter': meter '4/0' is not valid: ...`.
public enum PresetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A problem in one preset file: at a field (`speedTrainer.stepBPM`), at a line (JSON
    /// syntax), or in the whole file.
    case invalid(file: String, field: String? = nil, line: Int? = nil, message: String)
    /// No preset has this name.
    case unknownPreset(name: String, available: [String])
    /// No preset has this name here, and the built-in ones are missing (the data folder is).
    case noDataFolder(name: String, DataFolderMissing)

    public var description: String {
        switch self {
        case .invalid(let file, let field, let line, let message):
            let place = line.map { "\(file):\($0)" } ?? file
            return "\(place): " + (field.map { "field '\($0)': " } ?? "") + message
        case .unknownPreset(let name, let available):
            return "no preset named '\(name)'; available: " +
                (available.isEmpty ? "none" : available.joined(separator: ", "))
        case .noDataFolder(let name, let missing):
            return "no preset named '\(name)': \(missing)"
        }
    }
}

extension PresetError {
    /// One line naming the file and the field (or, for broken JSON, the line).
    init(_ error: DecodingError, file: String, json: Data) {
        func field(_ path: [any CodingKey]) -> String? {
            path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .invalid(file: file, field: field(context.codingPath + [key]), message: "required, but missing")
        case .valueNotFound(_, let context):
            self = .invalid(file: file, field: field(context.codingPath), message: "must not be null")
        case .typeMismatch(let type, let context):
            let expected = type == String.self ? "text in quotes"
                : type == Int.self ? "a whole number"
                : type == Decimal.self || type == Double.self ? "a number"
                : String(describing: type).hasPrefix("Dictionary") ? "an object { ... }" : "\(type)"
            self = .invalid(file: file, field: field(context.codingPath), message: "expected \(expected)")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            self = .invalid(file: file, field: field(context.codingPath), message: context.debugDescription)
        case .dataCorrupted:
            self = PresetError.syntax(json, file: file)
        @unknown default:
            self = .invalid(file: file, message: "\(error)")
        }
    }

    /// Broken JSON, named by its line (a file cut short: its last line), as `JSONNode` reads it.
    static func syntax(_ json: Data, file: String) -> PresetError {
        do throws(JSONSyntaxError) {
            _ = try JSONNode.parse(json)
            return .invalid(file: file, message: "not valid JSON")
        } catch {
            let placed = error.placedAtEndIfUnplaced(in: json)
            return .invalid(file: file, line: placed.line, message: placed.message)
        }
    }

    /// The same problem, naming the file by `path` (its folder too) instead of its name.
    public func naming(_ path: String) -> PresetError {
        guard case .invalid(_, let field, let line, let message) = self else { return self }
        return .invalid(file: path, field: field, line: line, message: message)
    }
}
