import Foundation

/// Finds the line on which a field's value starts in JSON text, for errors that name a field
/// as a JSON path (`tracks[2].path`): JSONSerialization says where a syntax error is, but not
/// where a field is. Any thread (pure).
///
/// Reads only as far as the field; text that is not valid JSON, a path that is not there, or
/// a key written with escapes gives nil (the error then names the field alone). For a key
/// written twice, the first is found.
enum JSONFieldLine {
    /// One step of a path: an object's key or a list's index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The 1-based line where the value at `path` starts; nil for "" (the whole file).
    static func line(of path: String, in data: Data) -> Int? {
        guard !path.isEmpty, let steps = steps(of: path) else { return nil }
        var scanner = Scanner(bytes: [UInt8](data))
        return scanner.find(steps[...])
    }

    /// `tracks[2].path` as [.key("tracks"), .index(2), .key("path")]; nil if malformed.
    static func steps(of path: String) -> [Step]? {
        var steps: [Step] = []
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return nil }
                steps.append(.index(i))
                rest = rest[rest.index(after: close)...]
            } else {
                if rest.first == "." { rest = rest.dropFirst() }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                guard end > rest.startIndex else { return nil }
                steps.append(.key(String(rest[..<end])))
                rest = rest[end...]
            }
        }
        return steps
    }

    /// A cursor over the bytes that counts lines.
    struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var line = 1

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                i += 1
            }
        }

        /// Follows `steps` from the value at the cursor; the line where the last one starts.
        mutating func find(_ steps: ArraySlice<Step>) -> Int? {
            skipSpace()
            guard i < bytes.count else { return nil }
            guard let step = steps.first else { return line }
            switch step {
            case .key(let key):
                guard bytes[i] == UInt8(ascii: "{") else { return nil }
                i += 1
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                    let name = readString()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    if name == key { return find(steps.dropFirst()) }
                    guard skipValue() else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case .index(let index):
                guard bytes[i] == UInt8(ascii: "[") else { return nil }
                i += 1
                var k = 0
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
                    if k == index { return find(steps.dropFirst()) }
                    guard skipValue() else { return nil }
                    k += 1
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            }
        }

        /// A string at the cursor (which is on its opening quote), as written between the quotes.
        mutating func readString() -> String {
            i += 1
            let start = i
            while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self)
            i += 1
            return text
        }

        /// Steps over one value: a string, an object or list (with all inside), or a number or word.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                _ = readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    guard i < bytes.count else { return false }
                    switch bytes[i] {
                    case UInt8(ascii: "\""): _ = readString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    case UInt8(ascii: "\n"): line += 1
                    default: break
                    }
                    i += 1
                } while depth > 0
            default:
                while i < bytes.count && !"{}[],: \t\r\n".utf8.contains(bytes[i]) { i += 1 }
            }
            return true
        }
    }
}
