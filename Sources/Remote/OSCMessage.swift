import CLo

/// An OSC message: an address and its arguments, decoded from and encoded to the bytes of one
/// UDP packet by liblo (`lo_message_deserialise`, `lo_message_serialise`). Any thread.
public struct OSCMessage: Equatable, Sendable {
    /// The address pattern: `/klick/simple/set_tempo`.
    public var address: String
    public var arguments: [OSCArgument]

    public init(_ address: String, _ arguments: [OSCArgument] = []) {
        self.address = address
        self.arguments = arguments
    }

    /// The type tags without the comma: `ff`.
    public var typeTags: String { String(arguments.map(\.typeTag)) }

    /// Decodes one packet; a bundle, a truncated packet, a bad address or bad type tags throw.
    public init(decoding bytes: [UInt8]) throws(OSCDecodeError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes[0] == UInt8(ascii: "/") else {
            throw bytes.starts(with: Array("#bundle".utf8)) ? .bundle : .notAnAddress
        }
        var result: Int32 = 0
        var copy = bytes
        guard let m = copy.withUnsafeMutableBytes({ lo_message_deserialise($0.baseAddress, $0.count, &result) }) else {
            throw .malformed(code: result)
        }
        defer { lo_message_free(m) }
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        address = String(decoding: bytes[..<end], as: UTF8.self)
        let count = Int(lo_message_get_argc(m))
        let tags = lo_message_get_types(m).map { Array(String(cString: $0).utf8) } ?? []
        var arguments: [OSCArgument] = []
        if count > 0, let argv = lo_message_get_argv(m) {
            for i in 0..<min(count, tags.count) {
                guard let a = argv[i] else { arguments.append(.other(Character(UnicodeScalar(tags[i])))); continue }
                switch tags[i] {
                case UInt8(ascii: "i"): arguments.append(.int32(woodshed_lo_arg_int32(a)))
                case UInt8(ascii: "h"): arguments.append(.int64(woodshed_lo_arg_int64(a)))
                case UInt8(ascii: "f"): arguments.append(.float(woodshed_lo_arg_float(a)))
                case UInt8(ascii: "d"): arguments.append(.double(woodshed_lo_arg_double(a)))
                case UInt8(ascii: "s"), UInt8(ascii: "S"): arguments.append(.string(String(cString: woodshed_lo_arg_string(a))))
                default: arguments.append(.other(Character(UnicodeScalar(tags[i]))))
                }
            }
        }
        self.arguments = arguments
    }

    /// The packet's bytes, as liblo (and so klick) writes them.
    public func encoded() -> [UInt8] {
        guard let m = lo_message_new() else { return [] }
        defer { lo_message_free(m) }
        for a in arguments {
            switch a {
            case .int32(let v): lo_message_add_int32(m, v)
            case .float(let v): lo_message_add_float(m, v)
            case .double(let v): lo_message_add_double(m, v)
            case .string(let s): lo_message_add_string(m, s)
            case .int64(let v): lo_message_add_int64(m, v)
            case .other: lo_message_add_nil(m)
            }
        }
        let length = lo_message_length(m, address)
        var bytes = [UInt8](repeating: 0, count: length)
        var size = length
        bytes.withUnsafeMutableBytes { _ = lo_message_serialise(m, address, $0.baseAddress, &size) }
        return Array(bytes.prefix(size))
    }
}

/// Why a packet is not an OSC message Woodshed reads. Any thread.
public enum OSCDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case bundle
    case notAnAddress
    /// liblo refused it (its error code: truncated, bad type tags, bad padding…).
    case malformed(code: Int32)
    /// A bundle whose sizes do not add up: what is wrong.
    case malformedBundle(String)

    public var description: String {
        switch self {
        case .empty: "an empty packet"
        case .bundle: "an OSC bundle (send single messages)"
        case .notAnAddress: "not an OSC message (no address)"
        case .malformed(let code): "a malformed OSC message (liblo error \(code))"
        case .malformedBundle(let what): "a malformed OSC bundle (\(what))"
        }
    }
}
