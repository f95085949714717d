/// A D-Bus value a property of the MPRIS object holds, with its type signature. Any thread (a value).
public enum MPRISValue: Equatable, Sendable {
    case bool(Bool)
    case string(String)
    case double(Double)
    case int64(Int64)
    case int32(Int32)
    case objectPath(String)
    case strings([String])
    /// `a{sv}`, in this order.
    case dictionary([(key: String, value: MPRISValue)])

    /// The D-Bus type signature.
    public var signature: String {
        switch self {
        case .bool: "b"
        case .string: "s"
        case .double: "d"
        case .int64: "x"
        case .int32: "i"
        case .objectPath: "o"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }

    public static func == (a: MPRISValue, b: MPRISValue) -> Bool {
        switch (a, b) {
        case let (.bool(x), .bool(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.int64(x), .int64(y)): x == y
        case let (.int32(x), .int32(y)): x == y
        case let (.objectPath(x), .objectPath(y)): x == y
        case let (.strings(x), .strings(y)): x == y
        case let (.dictionary(x), .dictionary(y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }
}
