import Foundation

// The calibration file as Woodshed saves and reads it (docs/file-formats.md, "Calibrations"):
// every field checked, each mistake one line naming the file, the line and the field.

/// The calibrations of every server and interface measured on this machine, one per server and
/// interface, in the order they were first measured. Any thread (a value).
public struct CalibrationFile: Equatable, Sendable {
    public var calibrations: [LoopbackCalibration]

    public init(calibrations: [LoopbackCalibration] = []) {
        self.calibrations = calibrations
    }

    /// The calibration of `server` and `interface`, if there is one.
    public func calibration(server: String, interface: String) -> LoopbackCalibration? {
        calibrations.first { $0.server == server && $0.interface == interface }
    }

    /// `calibration` in place of the one of its server and interface, or added at the end.
    public mutating func keep(_ calibration: LoopbackCalibration) {
        if let i = calibrations.firstIndex(where: { $0.server == calibration.server && $0.interface == calibration.interface }) {
            calibrations[i] = calibration
        } else {
            calibrations.append(calibration)
        }
    }

    static let fields = ["schemaVersion", "calibrations"]
    static let entryFields = ["server", "interface", "capturePort", "playbackPort", "rate", "period",
                              "roundTripFrames", "jackFrames", "extraFrames", "measuredAt"]

    /// The file's bytes as saved: one calibration a line, ending in a newline.
    public func jsonData() -> Data {
        let q = OrderedJSON.quoted
        let entries = calibrations.map { c in
            "    {\"server\": \(q(c.server)), \"interface\": \(q(c.interface)), \"capturePort\": \(q(c.capturePort)), "
                + "\"playbackPort\": \(q(c.playbackPort)), \"rate\": \(c.rate), \"period\": \(c.period), "
                + "\"roundTripFrames\": \(c.roundTripFrames), \"jackFrames\": \(c.jackFrames), \"extraFrames\": \(c.extraFrames), "
                + "\"measuredAt\": \(q(c.measuredAt))}"
        }
        let list = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return Data("{\n  \"schemaVersion\": \(LoopbackCalibration.schemaVersion),\n  \"calibrations\": \(list)\n}\n".utf8)
    }

    /// Reads a file's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in try CalibrationFile(root) }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: CalibrationFile.fields, version: LoopbackCalibration.schemaVersion)
        guard let listNode = root.field("calibrations", of: top) else {
            throw JSONFieldError(path: "calibrations", message: "required, but missing")
        }
        let items = try listNode.list()
        var out: [LoopbackCalibration] = []
        for i in items.indices {
            let node = listNode.element(i, of: items)
            let object = try node.object(known: CalibrationFile.entryFields)
            func required(_ key: String) throws(JSONFieldError) -> JSONNode {
                guard let field = node.field(key, of: object) else {
                    throw JSONFieldError(path: "\(node.path).\(key)", message: "required, but missing")
                }
                return field
            }
            let frames = LoopbackCalibration.frameRange
            let c = LoopbackCalibration(
                server: try required("server").string(), interface: try required("interface").string(),
                capturePort: try required("capturePort").string(), playbackPort: try required("playbackPort").string(),
                rate: try required("rate").wholeNumber(in: 1...1_000_000), period: try required("period").wholeNumber(in: 1...1_000_000),
                roundTripFrames: try required("roundTripFrames").wholeNumber(in: frames),
                jackFrames: try required("jackFrames").wholeNumber(in: frames), measuredAt: try required("measuredAt").string())
            let extraNode = try required("extraFrames")
            let extra = try extraNode.wholeNumber()
            guard extra == c.extraFrames else {
                throw extraNode.fail("\(extra) is not roundTripFrames − jackFrames (\(c.extraFrames))")
            }
            guard out.calibration(server: c.server, interface: c.interface) == nil else {
                throw node.fail("a second calibration of server \"\(c.server)\", interface \"\(c.interface)\"")
            }
            out.append(c)
        }
        calibrations = out
    }
}

private extension [LoopbackCalibration] {
    func calibration(server: String, interface: String) -> LoopbackCalibration? {
        first { $0.server == server && $0.interface == interface }
    }
}
