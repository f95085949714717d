import Foundation
import MIDI

/// Map files: JSON in, with errors that name the file and the field. Any thread.
extension MIDIMap {
    static let topFields = ["schemaVersion", "name", "description", "debounceMilliseconds", "mappings"]
    static let mappingFields = ["message", "channel", "number", "threshold", "values", "action", "argument"]

    /// Reads a map file's JSON and checks every mapping. `source` names the file in errors
    /// (with the line, for JSON that is broken or cut short).
    public init(data: Data, source: String) throws(MIDIMapError) {
        self = try JSONNode.reading(data, source: source, fieldLines: false) { root throws(JSONFieldError) in try MIDIMap(root) }
    }

    /// Reads a map file (disk I/O: the control thread); errors name it by the path as given.
    public init(contentsOf url: URL) throws(MIDIMapError) {
        let source = url.relativePath
        try self.init(data: try FileAccess.readJSONFile(url.path, source: source), source: source)
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: MIDIMap.topFields, version: MIDIMap.schemaVersion)
        name = try root.field("name", of: top)?.string() ?? ""
        description = try root.field("description", of: top)?.string() ?? ""
        debounceMilliseconds = try root.field("debounceMilliseconds", of: top)?.wholeNumber(in: MIDIMap.debounceRange) ?? 0
        comments = JSONNode.comments(of: top)
        guard let list = root.field("mappings", of: top) else {
            throw JSONFieldError(path: "mappings", message: "required, but missing")
        }
        let items = try list.list()
        mappings = []
        for i in items.indices {
            mappings.append(try Mapping(list.element(i, of: items)))
        }
    }
}

extension MIDIMap.Mapping {
    /// One mapping of a map file, every field checked.
    init(_ node: JSONNode) throws(JSONFieldError) {
        let object = try node.object(known: MIDIMap.mappingFields)
        func field(_ key: String) -> JSONNode? { node.field(key, of: object) }
        func missing(_ key: String, _ why: String = "required, but missing") -> JSONFieldError {
            JSONFieldError(path: "\(node.path).\(key)", message: why)
        }

        guard let messageNode = field("message") else { throw missing("message") }
        let messageName = try messageNode.string()
        guard let message = MIDIBinding.Message(fileName: messageName) else {
            throw messageNode.fail("unknown message \"\(messageName)\" (known: note, cc, program)")
        }

        var channel: Int?
        if let c = field("channel"), (c.value as? String) != "any" {
            guard c.decimal != nil else { throw c.fail("expected 1…16 or \"any\", not \(c.shown)") }
            let n = try c.wholeNumber()
            guard (1...16).contains(n) else { throw c.fail("\(n) is out of range 1…16 (or \"any\")") }
            channel = n
        }

        var number: Int?
        if let n = field("number") {
            number = try n.wholeNumber(in: 0...127)
        } else if message != .programChange {
            throw missing("number", "required for \"\(messageName)\" messages")
        }

        guard let actionNode = field("action") else { throw missing("action") }
        let actionName = try actionNode.string()
        guard let action = MIDIAction(name: actionName) else {
            throw actionNode.fail("unknown action \"\(actionName)\" (known: " +
                                  MIDIAction.allCases.map(\.name).joined(separator: ", ") + ")")
        }
        if action == .tempoCC, message != .controlChange {
            throw actionNode.fail("tempo-cc needs a \"cc\" message, not \"\(messageName)\"")
        }

        let threshold = field("threshold"), values = field("values")
        var press: MIDIMap.Press?
        if threshold != nil || values != nil {
            if threshold != nil, values != nil {
                throw node.fail("give \"threshold\" or \"values\", not both")
            }
            let given = (threshold ?? values)!
            if message == .programChange {
                throw given.fail("a program change has no press condition: every one fires")
            }
            if action == .tempoCC {
                throw given.fail("tempo-cc follows every value of the controller: leave out the press condition")
            }
            if let threshold {
                press = .threshold(try threshold.wholeNumber(in: 1...127))
            } else if let values {
                let pair = try values.value is [Any] ? values.list() : []
                guard pair.count == 2 else { throw values.fail("expected two values [low, high], not \(values.shown)") }
                let low = try values.element(0, of: pair).wholeNumber(in: 0...127)
                let high = try values.element(1, of: pair).wholeNumber(in: 0...127)
                guard low <= high else { throw values.fail("low \(low) is above high \(high)") }
                press = .values(low...high)
            }
        }

        let argument = try MIDIMap.Argument(field("argument"), for: action, missing: missing("argument"))
        self.init(message: message, channel: channel, number: number, press: press, action: action,
                  argument: argument, comments: JSONNode.comments(of: object))
    }
}

extension MIDIMap.Argument {
    /// The argument of `action` as the file gives it (`node`), or its default.
    init(_ node: JSONNode?, for action: MIDIAction, missing: JSONFieldError) throws(JSONFieldError) {
        func required(_ what: String) -> JSONFieldError {
            JSONFieldError(path: missing.path, message: "\(action.name) needs \(what)")
        }
        switch action.argument {
        case .none:
            if let node { throw node.fail("\(action.name) takes no argument") }
            self = .none
        case .bpm(let defaultValue):
            guard let node else {
                guard let defaultValue else { throw required("a tempo in BPM") }
                self = .bpm(defaultValue); return
            }
            let milli = try node.thousandths("a number of BPM")
            if action == .tempoSet {
                guard (1_000...1_000_000).contains(milli) else {
                    throw node.fail("\(formatThousandths(milli)) is out of range 1…1000 BPM")
                }
            } else {
                guard (1...1_000_000).contains(milli) else {
                    throw node.fail("\(formatThousandths(milli)) is out of range: a step is more than 0 and at most 1000 BPM")
                }
            }
            self = .bpm(milli)
        case .bpmRange(let defaultValue):
            guard let node else { self = .bpmRange(defaultValue.0, defaultValue.1); return }
            let pair = try node.value is [Any] ? node.list() : []
            guard pair.count == 2 else { throw node.fail("expected two tempos [min, max] in BPM, not \(node.shown)") }
            var tempi: [Int64] = []
            for i in 0..<2 {
                let element = node.element(i, of: pair)
                let milli = try element.thousandths("a number of BPM")
                guard (1_000...1_000_000).contains(milli) else {
                    throw element.fail("\(formatThousandths(milli)) is out of range 1…1000 BPM")
                }
                tempi.append(milli)
            }
            self = .bpmRange(tempi[0], tempi[1])
        case .count(let defaultValue, let range):
            guard let node else { self = .count(defaultValue); return }
            self = .count(Int64(try node.wholeNumber(in: Int(range.lowerBound)...Int(range.upperBound))))
        case .optionalCount(let range):
            guard let node else { self = .none; return }
            self = .count(Int64(try node.wholeNumber(in: Int(range.lowerBound)...Int(range.upperBound))))
        case .name:
            guard let node else { throw required("a preset name") }
            guard let name = node.value as? String, !name.isEmpty else {
                throw node.fail("expected a preset name in quotes, not \(node.shown)")
            }
            self = .name(name)
        }
    }
}
