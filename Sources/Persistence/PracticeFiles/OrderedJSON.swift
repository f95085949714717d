/// A JSON value whose object keys keep the order they were given in, written pretty-printed
/// for people to read and edit: two-space indents, `"key": value`, short lists of numbers or
/// text on one line. Any thread (a value).
///
/// JSONSerialization can only sort keys; a practice file reads better with `name` before
/// `from` and `to`, so its files are written with this instead (and read with JSONSerialization).
indirect enum OrderedJSON: Equatable {
    case object([(key: String, value: OrderedJSON)])
    case list([OrderedJSON])
    case text(String)
    /// A number already written as JSON (`48000`, `0.75`).
    case number(String)

    static func == (a: OrderedJSON, b: OrderedJSON) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        case (.list(let x), .list(let y)): x == y
        case (.text(let x), .text(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        default: false
        }
    }

    static func integer<T: BinaryInteger>(_ n: T) -> OrderedJSON { .number(String(n)) }

    /// Thousandths as a decimal number: 750 is `0.75`, 1000 is `1`.
    static func thousandths<T: BinaryInteger>(_ milli: T) -> OrderedJSON { .number(formatThousandths(Int64(milli))) }

    /// The file's text, ending in a newline.
    var fileText: String { rendered(indent: "") + "\n" }

    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .text(let s): return OrderedJSON.quoted(s)
        case .number(let n): return n
        case .list(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.rendered(indent: inner) }.joined(separator: ", ") + "]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { inner + OrderedJSON.quoted($0.key) + ": " + $0.value.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    var isScalar: Bool {
        switch self {
        case .text, .number: true
        case .list, .object: false
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped; everything else as it is (UTF-8).
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
