import Foundation
import WoodshedCore

// Sections to share or move between audio files: `woodshed sections FILE export OUT.json` and
// `import IN.json`. The exported file is a practice file without settings, with the audio's
// path as `audio`, and each section's times also written as m:ss.fff (`fromTime`, `toTime`)
// for people to read.

extension PracticeFile {
    static let exchangeTopFields = ["schemaVersion", "audio", "fingerprint", "rate", "frames", "sections",
                                    "lastKnownPath", "settings"]
    static let exchangeSectionFields = ["name", "from", "to", "fromTime", "toTime", "text"] + planFields

    /// The sections and their plans as an export file's bytes (pretty-printed JSON, fixed key order).
    public func exportData() -> Data {
        func time(_ frame: Int64) -> OrderedJSON { .text(SourceTime.of(frame: frame, rate: rate).description) }
        let list: [OrderedJSON] = sections.map {
            .object([("name", .text($0.name)), ("from", .integer($0.start)), ("to", .integer($0.end)),
                     ("fromTime", time($0.start)), ("toTime", time($0.end))] + $0.textField + $0.plan.jsonFields)
        }
        let json = OrderedJSON.object([
            ("schemaVersion", .integer(PracticeFile.schemaVersion)),
            ("audio", .text(lastKnownPath)),
            ("fingerprint", .text(fingerprint.description)),
            ("rate", .integer(rate)),
            ("frames", .integer(frames)),
            ("sections", .list(list)),
        ])
        return Data(json.fileText.utf8)
    }

    /// The sections of an export file (or of a practice file), fitted to this audio; `source`
    /// names the file in errors. A section gives its range as frames (`from`, `to`: frames of
    /// the file's `rate`, converted when this audio's rate differs) or as times (`fromTime`,
    /// `toTime`, any form `SourceTime` reads); frames win when both are given. Throws, naming
    /// the field, when a section does not fit this audio or anything else is wrong.
    public func importedSections(data: Data, source: String) throws(JSONFileError) -> [Section] {
        try JSONNode.reading(data, source: source, fieldLines: false) { root throws(JSONFieldError) in try importedSections(root) }
    }

    func importedSections(_ root: JSONNode) throws(JSONFieldError) -> [Section] {
        let top = try JSONNode.checkedTop(root, known: PracticeFile.exchangeTopFields, version: PracticeFile.schemaVersion)
        let rateNode = root.field("rate", of: top)
        let sourceRate = try rateNode?.wholeNumber(in: 1...Int(Int32.max))
        guard let listNode = root.field("sections", of: top) else {
            throw JSONFieldError(path: "sections", message: "required, but missing")
        }
        let items = try listNode.list()
        var sections: [Section] = []
        func time(_ frame: Int64) -> SourceTime { SourceTime.of(frame: frame, rate: rate) }
        for i in items.indices {
            let node = listNode.element(i, of: items)
            let object = try node.object(known: PracticeFile.exchangeSectionFields)
            let name = try PracticeFile.sectionName(node, object, taken: sections.map(\.name))
            func frame(_ frameKey: String, _ timeKey: String) throws(JSONFieldError) -> (Int64, JSONNode) {
                if let n = node.field(frameKey, of: object) {
                    let f = try n.frameNumber()
                    guard let sourceRate else {
                        throw JSONFieldError(path: "rate", message: "required when sections give frames (\"from\", \"to\")")
                    }
                    return (Int64(ExactMath.roundDiv(Int128(f) * Int128(rate), Int128(sourceRate))), n)
                }
                if let n = node.field(timeKey, of: object) {
                    let text = try n.string()
                    do throws(TimingError) {
                        return (try SourceTime(parsing: text).frame(rate: rate), n)
                    } catch {
                        throw n.fail(error.description)
                    }
                }
                throw node.fail("give \"\(frameKey)\" (a frame) or \"\(timeKey)\" (a time such as 1:02.5)")
            }
            let (from, fromNode) = try frame("from", "fromTime")
            let (to, toNode) = try frame("to", "toTime")
            guard from >= 0 else { throw fromNode.fail("\(time(from)) is before the start of the audio") }
            guard to <= frames else {
                throw toNode.fail("\(time(to)) is past the end of this audio (\(time(frames)))")
            }
            guard to > from else { throw toNode.fail("\(time(to)) is not after the start (\(time(from)))") }
            sections.append(try PracticeFile.parsedSection(node, object, name: name, from: from, to: to))
        }
        return sections
    }
}

extension PracticeFile {
    /// `incoming` with the plan of the section of the same name here, when there is one, and
    /// with its text too when `keepingText` (and the incoming section has none). For imports
    /// that give only ranges (Audacity labels) or ranges and text (subtitles): importing again
    /// moves the cuts and keeps how each section is practised.
    public func keepingPlans(_ incoming: [Section], keepingText: Bool) -> [Section] {
        incoming.map { s in
            guard let old = sections.first(where: { $0.name == s.name }) else { return s }
            var kept = s
            kept.plan = old.plan
            if keepingText, kept.text == nil { kept.text = old.text }
            return kept
        }
    }
}
