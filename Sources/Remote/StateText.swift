import Foundation

/// A `/woodshed/state` reply in the user's words: its one line, or JSON with the same fields
/// in the same order (`woodshed ctl status --json`). Any thread.
public enum StateText {
    /// The `line` field.
    public static func line(_ state: OSCMessage) -> String {
        pairs(state).first { $0.name == "line" }?.value.text ?? ""
    }

    /// `{"tempo": 132, "meter": "7/8", "running": true, …}` on one line.
    public static func json(_ state: OSCMessage) -> String {
        let body = pairs(state).map { p -> String in
            let value: String = switch p.value {
            case .string(let s): quoted(s)
            case .float(let f): OSCCommands.display(Double(f))
            case .int32(let i): p.name == "running" ? (i != 0 ? "true" : "false") : String(i)
            case .double(let d): OSCCommands.display(d)
            case .int64(let h): String(h)
            case .other: "null"
            }
            return "\(quoted(p.name)): \(value)"
        }
        return "{" + body.joined(separator: ", ") + "}"
    }

    static func pairs(_ m: OSCMessage) -> [(name: String, value: OSCArgument)] {
        stride(from: 0, to: m.arguments.count - 1, by: 2).compactMap { i in
            m.arguments[i].text.map { ($0, m.arguments[i + 1]) }
        }
    }

    /// A JSON string, as Foundation's encoder writes it (slashes left as they are).
    static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
