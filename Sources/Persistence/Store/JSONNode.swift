import Foundation

// Reading hand-written JSON files (MIDI maps, setlists) as a JSONSerialization tree, field by
// field, with errors that name the field as a JSON path (`mappings[2].action`). Numbers are
// read exactly: a JSON number is a Double in the tree, whose shortest form is the decimal the
// file wrote (up to 15 significant digits), so 133.333 is 133 333 thousandths.

/// One value of a parsed JSON file and where it was found. Any thread (a plain value).
struct JSONNode {
    /// As JSONSerialization gives it: NSNumber, String, [Any], [String: Any] or NSNull.
    let value: Any
    /// `mappings[2].action`; "" for the top of the file.
    let path: String

    /// The top-level value of `data`.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONNode {
        do {
            return JSONNode(value: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), path: "")
        } catch {
            throw syntaxError(error, in: data)
        }
    }

    /// Foundation says "Invalid value around character 29."; that offset becomes a line and column.
    static func syntaxError(_ error: any Error, in data: Data) -> JSONSyntaxError {
        var reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "it could not be read"
        var line: Int?, column: Int?
        if let range = reason.range(of: " around character "),
           let offset = Int(reason[range.upperBound...].prefix { $0.isNumber }) {
            let before = data.prefix(offset)
            line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
            reason = String(reason[..<range.lowerBound])
        }
        while reason.hasSuffix(".") { reason.removeLast() }
        return JSONSyntaxError(line: line, column: column,
                               message: "not valid JSON: " + reason.prefix(1).lowercased() + reason.dropFirst())
    }

    func fail(_ message: String) -> JSONFieldError { JSONFieldError(path: path, message: message) }

    /// The field `key` of an object; nil when absent.
    func field(_ key: String, of object: [String: Any]) -> JSONNode? {
        object[key].map { JSONNode(value: $0, path: path.isEmpty ? key : "\(path).\(key)") }
    }

    /// The element `i` of a list.
    func element(_ i: Int, of list: [Any]) -> JSONNode {
        JSONNode(value: list[i], path: "\(path)[\(i)]")
    }

    /// Comment keys are kept and never an error: they start with `_` or `comment`.
    static func isComment(_ key: String) -> Bool { key.hasPrefix("_") || key.hasPrefix("comment") }

    /// This object; `known` lists its fields, in the order error messages give them. A key
    /// that is neither known nor a comment is an error (it is most likely a typo).
    func object(known: [String]) throws(JSONFieldError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail("expected an object { … }, not \(shown)") }
        for key in object.keys.sorted() where !known.contains(key) && !JSONNode.isComment(key) {
            throw JSONFieldError(path: path.isEmpty ? key : "\(path).\(key)", message:
                "not a known field; the fields here are " + known.joined(separator: ", ") +
                " (comments start with \"_\" or \"comment\")")
        }
        return object
    }

    /// The comment fields of an object, each as its text (a string as it is, anything else as JSON).
    static func comments(of object: [String: Any]) -> [String: String] {
        var out: [String: String] = [:]
        for (key, value) in object where isComment(key) {
            if let text = value as? String {
                out[key] = text
            } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
                out[key] = String(decoding: data, as: UTF8.self)
            }
        }
        return out
    }

    func list() throws(JSONFieldError) -> [Any] {
        guard let list = value as? [Any] else { throw fail("expected a list [ … ], not \(shown)") }
        return list
    }

    func string() throws(JSONFieldError) -> String {
        guard let text = value as? String else { throw fail("expected text in quotes, not \(shown)") }
        return text
    }

    /// True for JSON `true` and `false` (JSONSerialization gives NSNumbers for those too).
    var isBool: Bool { (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false }

    /// A JSON number, exactly; nil for anything else.
    var decimal: Decimal? {
        guard !isBool, let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "d", "f": return Decimal(string: "\(number.doubleValue)", locale: Locale(identifier: "en_US_POSIX"))
        case "Q": return Decimal(number.uint64Value)
        default: return Decimal(number.int64Value)
        }
    }

    /// A JSON number that is whole (`2.5` is an error, not 2) and at most 10^9 in size.
    func wholeNumber() throws(JSONFieldError) -> Int {
        guard let value = decimal, let whole = JSONNode.whole(value) else {
            throw fail("expected a whole number, not \(shown)")
        }
        return whole
    }

    /// A whole number in `range`.
    func wholeNumber(in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        let n = try wholeNumber()
        guard range.contains(n) else { throw fail("\(n) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return n
    }

    /// A JSON number in exact thousandths; `what` names it in the error for any other value.
    func thousandths(_ what: String) throws(JSONFieldError) -> Int64 {
        guard let value = decimal else { throw fail("expected \(what), not \(shown)") }
        guard let milli = JSONNode.whole(value * 1000) else {
            throw fail(abs(value) > 1_000_000 ? "\(value) is too large" : "\(value) has more than three decimal places")
        }
        return Int64(milli)
    }

    static func whole(_ value: Decimal) -> Int? {
        var rounded = Decimal(), copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value, abs(value) <= 1_000_000_000 else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }

    /// The value as an error message shows it: `"fast"`, `130`, `true`, `null`, `a list [ … ]`.
    var shown: String {
        switch value {
        case let text as String: "\"\(text)\""
        case is NSNull: "null"
        case is [Any]: "a list [ … ]"
        case is [String: Any]: "an object { … }"
        default: isBool ? ((value as? NSNumber)?.boolValue == true ? "true" : "false") : decimal.map { "\($0)" } ?? "\(value)"
        }
    }
}

/// Thousandths as a decimal: 97 500 is "97.5". Any thread.
func formatThousandths(_ milli: Int64) -> String {
    let sign = milli < 0 ? "-" : ""
    let whole = milli.magnitude / 1000, fraction = milli.magnitude % 1000
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = String(fraction)
    while digits.count < 3 { digits = "0" + digits }
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
}

extension JSONNode {
    /// Parses `data` and reads it with `body`. A syntax error becomes one naming `source`, the
    /// line and the column (a file cut short is placed at its end); a field error one naming
    /// `source` and the field, and with `fieldLines` also the line where the field is.
    static func reading<T>(_ data: Data, source: String, fieldLines: Bool,
                           _ body: (JSONNode) throws(JSONFieldError) -> T) throws(JSONFileError) -> T {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONNode.parse(data)
        } catch {
            throw JSONFileError(error.placedAtEndIfUnplaced(in: data), source: source)
        }
        do throws(JSONFieldError) {
            return try body(root)
        } catch {
            var e = JSONFileError(error, source: source)
            if fieldLines { e.line = JSONFieldLine.line(of: error.path, in: data) }
            throw e
        }
    }

    /// The top of a file: an object with `schemaVersion` equal to `version` (a newer one is
    /// refused as such, first: a newer file may have fields this version does not know) and
    /// only `known` fields.
    static func checkedTop(_ root: JSONNode, known: [String], version current: Int) throws(JSONFieldError) -> [String: Any] {
        guard let top = root.value as? [String: Any] else {
            throw root.fail("expected an object { … } at the top, not \(root.shown)")
        }
        guard let versionNode = root.field("schemaVersion", of: top) else {
            throw JSONFieldError(path: "schemaVersion", message: "required, but missing")
        }
        let version = try versionNode.wholeNumber()
        guard version <= current else {
            throw versionNode.fail("\(version) is newer than this woodshed understands (\(current))")
        }
        guard version == current else {
            throw versionNode.fail("\(version) is not a version of this file (this woodshed reads \(current))")
        }
        _ = try root.object(known: known)
        return top
    }
}
