import Foundation

// The tinnitus profile as the JSON Woodshed saves and reads: every field checked, each mistake
// one line naming the file, the line and the field.

extension TinnitusProfile {
    static let fields = ["schemaVersion", "frequency", "firstMatch", "secondMatch", "spreadOctaves", "octaveAnswers", "matchedAt"]

    /// The file's bytes as saved: one field a line in a fixed order, ending in a newline.
    public func jsonData() -> Data {
        let lines = ["{", "  \"schemaVersion\": \(TinnitusProfile.schemaVersion),", "  \"frequency\": \(frequency),",
                     "  \"firstMatch\": \(firstMatch),", "  \"secondMatch\": \(secondMatch),",
                     "  \"spreadOctaves\": \(formatThousandths(Int64(spreadMilliOctaves))),",
                     "  \"octaveAnswers\": [\(octaveAnswers.map(String.init).joined(separator: ", "))],",
                     "  \"matchedAt\": \(OrderedJSON.quoted(matchedAt))", "}"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Reads a profile's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in try TinnitusProfile(root) }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: TinnitusProfile.fields, version: TinnitusProfile.schemaVersion)
        func required(_ key: String) throws(JSONFieldError) -> JSONNode {
            guard let node = root.field(key, of: top) else { throw JSONFieldError(path: key, message: "required, but missing") }
            return node
        }
        func hertz(_ key: String) throws(JSONFieldError) -> Int {
            let node = try required(key)
            let hz = try node.wholeNumber()
            guard TinnitusProfile.frequencyRange.contains(hz) else {
                throw node.fail("\(hz) Hz is out of range 250…12000 Hz")
            }
            return hz
        }
        let frequency = try hertz("frequency"), first = try hertz("firstMatch"), second = try hertz("secondMatch")
        let spreadNode = try required("spreadOctaves")
        let spread = try spreadNode.thousandths("a number of octaves")
        guard (0...6_000).contains(spread) else { throw spreadNode.fail("\(formatThousandths(spread)) is out of range 0…6 octaves") }
        let answersNode = try required("octaveAnswers")
        let items = try answersNode.list()
        var answers: [Int] = []
        for i in items.indices { answers.append(try answersNode.element(i, of: items).wholeNumber(in: -1...1)) }
        let matchedAt = try required("matchedAt").string()
        self.init(frequency: frequency, firstMatch: first, secondMatch: second, spreadMilliOctaves: Int(spread),
                  octaveAnswers: answers, matchedAt: matchedAt)
    }
}
