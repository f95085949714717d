import Foundation
import WoodshedCore

// A practice file as the JSON Woodshed saves: fixed key order, only the settings that are set,
// `text` only when a section has one, `gap` only when there is one, `speeds` only when there is a ladder.

extension PracticeFile {
    /// The file's bytes as saved: pretty-printed JSON in a fixed key order, ending in a newline.
    public func jsonData() -> Data { Data(json.fileText.utf8) }

    var json: OrderedJSON {
        .object([
            ("schemaVersion", .integer(PracticeFile.schemaVersion)),
            ("fingerprint", .text(fingerprint.description)),
            ("lastKnownPath", .text(lastKnownPath)),
            ("rate", .integer(rate)),
            ("frames", .integer(frames)),
            ("sections", .list(sections.map { .object([("name", .text($0.name)), ("from", .integer($0.start)), ("to", .integer($0.end))]
                + $0.textField + $0.plan.jsonFields) })),
            ("settings", settings.json),
        ])
    }
}

extension Section {
    /// `text`, when the section has one: nothing when it is nil.
    var textField: [(key: String, value: OrderedJSON)] {
        text.map { [("text", .text($0))] } ?? []
    }
}

extension RepeatPlan {
    /// `repeat`, `gap`, `countIn`, `speeds`, `advance`, as a section object holds them.
    var jsonFields: [(key: String, value: OrderedJSON)] {
        var fields: [(key: String, value: OrderedJSON)] = []
        switch repeats {
        case .times(let n): fields.append(("repeat", .integer(n)))
        case .endless: fields.append(("repeat", .text("endless")))
        }
        if let gap = gap.fileText { fields.append(("gap", .text(gap))) }
        fields.append(("countIn", .integer(countInBars)))
        if !speedLadder.isEmpty { fields.append(("speeds", .list(speedLadder.map { .thousandths($0) }))) }
        fields.append(("advance", .text(advance.rawValue)))
        return fields
    }
}

extension RepeatPlan.Gap {
    /// As a file or the command line writes it: `"2s"`, `"0.25s"`, `"1.5x"`; nil for no gap.
    public var fileText: String? {
        switch self {
        case .none: nil
        case .milliseconds(let ms): formatThousandths(Int64(ms)) + "s"
        case .passMultiple(let t): formatThousandths(Int64(t)) + "x"
        }
    }
}

extension PracticeSettings {
    var json: OrderedJSON {
        var fields: [(key: String, value: OrderedJSON)] = []
        if let lastSection { fields.append(("lastSection", .text(lastSection))) }
        if let speed { fields.append(("speed", .thousandths(speed))) }
        if let shadowSpeed { fields.append(("shadowSpeed", .thousandths(shadowSpeed))) }
        if let transposeCents { fields.append(("transposeCents", .integer(transposeCents))) }
        if let crossfadeMilliseconds { fields.append(("crossfadeMs", .integer(crossfadeMilliseconds))) }
        if let clickTempo { fields.append(("clickBPM", .thousandths(clickTempo.milliBPM))) }
        if let clickOffset { fields.append(("clickOffset", .integer(clickOffset))) }
        return .object(fields)
    }
}
