import Foundation
import WoodshedCore

// Reading a practice file: every field checked, each mistake one line naming the file and the
// field as a JSON path (`sections[1].to`), or the line and column for text that is not JSON.

extension PracticeFile {
    static let topFields = ["schemaVersion", "fingerprint", "lastKnownPath", "rate", "frames", "sections", "settings"]
    static let sectionFields = ["name", "from", "to", "text"] + planFields
    static let planFields = ["repeat", "gap", "countIn", "speeds", "advance"]
    static let settingsFields = ["lastSection", "speed", "shadowSpeed", "transposeCents", "crossfadeMs", "clickBPM", "clickOffset"]

    /// Reads a practice file's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: false) { root throws(JSONFieldError) in try PracticeFile(root) }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: PracticeFile.topFields, version: PracticeFile.schemaVersion)
        func required(_ key: String) throws(JSONFieldError) -> JSONNode {
            guard let node = root.field(key, of: top) else { throw JSONFieldError(path: key, message: "required, but missing") }
            return node
        }
        let printNode = try required("fingerprint")
        let printText = try printNode.string()
        guard let fingerprint = FileFingerprint(printText) else {
            throw printNode.fail("\"\(printText)\" is not a fingerprint (s<size>-f<frames>-r<rate>-<16 hex digits>)")
        }
        let rateNode = try required("rate"), framesNode = try required("frames")
        let rate = try rateNode.wholeNumber()
        guard rate == fingerprint.rate else {
            throw rateNode.fail("\(rate) is not the rate in the fingerprint (\(fingerprint.rate))")
        }
        let frames = try framesNode.frameNumber()
        guard frames == fingerprint.frames else {
            throw framesNode.fail("\(frames) is not the length in the fingerprint (\(fingerprint.frames))")
        }
        let path = try required("lastKnownPath").string()
        let listNode = try required("sections")
        let items = try listNode.list()
        var sections: [Section] = []
        for i in items.indices {
            let node = listNode.element(i, of: items)
            let object = try node.object(known: PracticeFile.sectionFields)
            let name = try PracticeFile.sectionName(node, object, taken: sections.map(\.name))
            guard let fromNode = node.field("from", of: object) else { throw node.fail("\"from\" is required, but missing") }
            guard let toNode = node.field("to", of: object) else { throw node.fail("\"to\" is required, but missing") }
            let from = try fromNode.frameNumber(), to = try toNode.frameNumber()
            guard to <= frames else {
                throw toNode.fail("frame \(to) is past the end of the audio (\(frames) frames, \(SourceTime.of(frame: frames, rate: rate)))")
            }
            guard to > from else { throw toNode.fail("frame \(to) is not after \"from\" (\(from)): a section needs a length") }
            sections.append(try PracticeFile.parsedSection(node, object, name: name, from: from, to: to))
        }
        var settings = PracticeSettings()
        if let node = root.field("settings", of: top) {
            settings = try PracticeSettings(node)
        }
        if let last = settings.lastSection, !sections.contains(where: { $0.name == last }) {
            settings.lastSection = nil
        }
        self.init(fingerprint: fingerprint, lastKnownPath: path, sections: sections, settings: settings)
    }

    /// The section at `node` from its checked name and range, with the plan and the text
    /// (optional) read from `object`.
    static func parsedSection(_ node: JSONNode, _ object: [String: Any], name: String, from: Int64, to: Int64) throws(JSONFieldError) -> Section {
        let plan = try RepeatPlan(node, object)
        let text = try node.field("text", of: object)?.string()
        do throws(TimingError) {
            return try Section(name: name, start: from, end: to, plan: plan, text: text)
        } catch {
            throw node.fail(error.description)
        }
    }

    /// A section's `name`: present, usable (see `nameProblem`) and not in `taken`.
    static func sectionName(_ node: JSONNode, _ object: [String: Any], taken: [String]) throws(JSONFieldError) -> String {
        guard let nameNode = node.field("name", of: object) else { throw node.fail("\"name\" is required, but missing") }
        let name = try nameNode.string()
        if let problem = nameProblem(name) { throw nameNode.fail(problem) }
        if let other = taken.firstIndex(of: name) {
            throw nameNode.fail("\"\(name)\" is also the name of section \(other + 1): names must be unique")
        }
        return name
    }

    /// Why `name` cannot name a section, or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a section needs a name" }
        if name.contains(where: \.isNewline) { return "a section name must be one line" }
        if name.first!.isWhitespace || name.last!.isWhitespace { return "a section name can't start or end with a space" }
        if isNumber(name) { return "a section name can't be a whole number (numbers pick sections by position)" }
        return nil
    }
}

extension RepeatPlan {
    /// The plan fields of a section object; absent fields take their defaults (one pass, no
    /// gap, no count-in, the session's speed, stop).
    init(_ node: JSONNode, _ object: [String: Any]) throws(JSONFieldError) {
        self.init()
        if let n = node.field("repeat", of: object) {
            if (n.value as? String) == "endless" {
                repeats = .endless
            } else {
                guard n.decimal != nil else { throw n.fail("expected a number of passes or \"endless\", not \(n.shown)") }
                repeats = .times(try n.wholeNumber(in: RepeatPlan.passRange))
            }
        }
        if let n = node.field("gap", of: object) {
            let text = try n.string()
            do throws(TimingError) {
                gap = try RepeatPlan.parseGap(text)
            } catch {
                throw n.fail(error.description)
            }
        }
        if let n = node.field("countIn", of: object) { countInBars = try n.wholeNumber(in: RepeatPlan.countInRange) }
        if let n = node.field("speeds", of: object) {
            let list = try n.list()
            speedLadder = []
            for i in list.indices {
                speedLadder.append(try n.element(i, of: list).speed())
            }
        }
        if let n = node.field("advance", of: object) {
            let text = try n.string()
            guard let advance = Advance(rawValue: text) else {
                throw n.fail("\"\(text)\" is not one of " + Advance.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            self.advance = advance
        }
    }
}

extension PracticeSettings {
    init(_ node: JSONNode) throws(JSONFieldError) {
        let object = try node.object(known: PracticeFile.settingsFields)
        self.init()
        lastSection = try node.field("lastSection", of: object)?.string()
        speed = try node.field("speed", of: object)?.speed()
        shadowSpeed = try node.field("shadowSpeed", of: object)?.speed()
        transposeCents = try node.field("transposeCents", of: object)?.wholeNumber(in: PracticeSettings.transposeRange)
        crossfadeMilliseconds = try node.field("crossfadeMs", of: object)?.wholeNumber(in: PracticeSettings.crossfadeRange)
        if let n = node.field("clickBPM", of: object) {
            let milli = try n.thousandths("a tempo in BPM")
            do throws(TimingError) {
                clickTempo = try Tempo(milliBPM: milli)
            } catch {
                throw n.fail(error.description)
            }
        }
        clickOffset = try node.field("clickOffset", of: object)?.frameNumber()
    }
}

extension JSONNode {
    /// A frame number: a whole number from 0 to 2^53 (JSON numbers beyond that are not exact).
    func frameNumber() throws(JSONFieldError) -> Int64 {
        guard let value = decimal else { throw fail("expected a frame number, not \(shown)") }
        var rounded = Decimal(), copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value else { throw fail("expected a whole number of frames, not \(value)") }
        guard value >= 0 else { throw fail("\(value) is before the start of the audio") }
        guard value <= Decimal(Int64(1) << 53) else { throw fail("\(value) is too large") }
        return NSDecimalNumber(decimal: value).int64Value
    }

    /// A speed written as a decimal, 0.25 to 2, in thousandths.
    func speed() throws(JSONFieldError) -> Int {
        let milli = try thousandths("a speed such as 0.75")
        guard PracticeSettings.speedRange.contains(Int(milli)) else {
            throw fail("\(formatThousandths(milli)) is out of range: use 0.25 to 2")
        }
        return Int(milli)
    }
}
