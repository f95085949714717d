/// Decodes the bytes a terminal sends into key presses. Control thread (a plain value, owned
/// by whoever reads the input, usually `KeyInput`).
///
/// Understands printable ASCII and UTF-8, Enter (CR or LF), Space, Backspace (DEL or Ctrl-H),
/// Ctrl-C, and the escape sequences of xterm-like terminals: CSI `ESC [ A…D` (arrows, also with
/// modifiers such as `ESC [ 1 ; 5 A`), `ESC [ H` / `ESC [ F`, `ESC [ 1 ~` `ESC [ 4 ~` (also
/// 7 and 8: home, end), `ESC [ 5 ~` `ESC [ 6 ~` (page up, down), and SS3 `ESC O A…D`, `H`, `F`.
///
/// A sequence split across reads waits in a pending buffer until its next bytes are fed. A lone
/// ESC also waits, since it may start a sequence: call `flushPending()` when no byte has come
/// for about 30 ms, and it becomes `.escape`.
public struct KeyReader: Sendable {
    private var pending: [UInt8] = []

    /// A reader with nothing pending.
    public init() {}

    /// True when bytes wait for the rest of their sequence (or, for a lone ESC, for a timeout).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys in `bytes`, after any bytes pending from earlier feeds. An incomplete sequence
    /// at the end stays pending.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count, let decoded = Self.decode(pending[index...]) {
            keys.append(decoded.key)
            index += decoded.length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a pending lone ESC is `.escape`, any other
    /// incomplete sequence `.unknown`. Call when no byte came within about 30 ms.
    public mutating func flushPending() -> [Key] {
        defer { pending = [] }
        switch pending {
        case []: return []
        case [Self.esc]: return [.escape]
        default: return [.unknown]
        }
    }

    // MARK: - Decoding

    static let esc: UInt8 = 0x1B

    /// The key at the start of `bytes` and how many bytes it took; nil when incomplete.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (key: Key, length: Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case esc: return decodeEscape(bytes)
        case 0x03: return (.ctrlC, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x20: return (.space, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (.unknown, 1)
        case 0x21..<0x7F: return (.char(Character(Unicode.Scalar(first))), 1)
        default: return decodeUTF8(bytes)
        }
    }

    /// ESC and what follows it: a CSI or SS3 sequence, an Alt-key, or a lone ESC.
    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (key: Key, length: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return decodeCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (finalKey(bytes[start + 2]) ?? .unknown, 3)
        case 0x21..<0x7F:
            return (.unknown, 2)  // Alt plus a key
        default:
            return (.escape, 1)  // ESC then a control byte, space or another ESC: a lone Escape
        }
    }

    /// `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), one final byte.
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>) -> (key: Key, length: Int)? {
        let start = bytes.startIndex
        let body = start + 2
        guard body < bytes.endIndex else { return nil }
        if bytes[body] == UInt8(ascii: "[") {  // the Linux console's F1–F5: ESC [ [ A…E
            return body + 1 < bytes.endIndex ? (.unknown, 4) : nil
        }
        var index = body
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x40...0x7E:
                return (csiKey(parameters: bytes[body..<index], final: byte), index - start + 1)
            case 0x20...0x3F where index - start < 32:
                index += 1
            default:
                return (.unknown, index - start)  // broken or endless: drop it, decode the byte anew
            }
        }
        return nil
    }

    private static func csiKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key {
        if final == UInt8(ascii: "~") {
            let number = parameters.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            switch String(decoding: number, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return .unknown
            }
        }
        return finalKey(final) ?? .unknown
    }

    /// The key a CSI or SS3 final letter names.
    private static func finalKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// A multi-byte UTF-8 character; `.unknown` for bytes that are not UTF-8.
    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (key: Key, length: Int)? {
        let start = bytes.startIndex
        let length: Int
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown, 1)
        }
        for offset in 1..<length {
            guard start + offset < bytes.endIndex else { return nil }
            if bytes[start + offset] & 0xC0 != 0x80 { return (.unknown, offset) }
        }
        guard let text = String(validating: bytes[start..<start + length], as: UTF8.self),
              let scalar = text.unicodeScalars.first,
              !(0x80..<0xA0).contains(scalar.value)
        else { return (.unknown, length) }
        return (.char(Character(text)), length)
    }
}
