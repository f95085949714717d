/// One argument of an OSC message, with its type tag. Any thread: a plain value.
public enum OSCArgument: Equatable, Sendable {
    case int32(Int32)
    case float(Float)
    case double(Double)
    case string(String)
    case int64(Int64)
    /// An argument of another type (a blob, a time tag, true/false…), by its type tag.
    case other(Character)

    /// The OSC type tag: `i`, `f`, `d`, `s`, `h` or the other tag.
    public var typeTag: Character {
        switch self {
        case .int32: "i"
        case .float: "f"
        case .double: "d"
        case .string: "s"
        case .int64: "h"
        case .other(let tag): tag
        }
    }

    /// A number of any numeric type as a Double (liblo coerces `i`, `h`, `f` and `d` into one
    /// another as klick's handlers rely on); nil for strings and others.
    public var number: Double? {
        switch self {
        case .int32(let v): Double(v)
        case .float(let v): Double(v)
        case .double(let v): v
        case .int64(let v): Double(v)
        case .string, .other: nil
        }
    }

    /// The text of a string argument; nil otherwise.
    public var text: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
