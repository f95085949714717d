import Foundation
import WoodshedCore

/// Preset files: JSON in and out, with errors that name the file and the field. Any thread.
extension Preset: Codable {
    /// The fields of a preset file. Any thread.
    enum Key: String, CodingKey, CaseIterable {
        case schemaVersion, name, description, tempo, meter, pattern, grid, subdivision, sound, countIn,
             gapTrainer, speedTrainer
    }
    /// The fields of `gapTrainer` and `speedTrainer`. Any thread.
    enum GapKey: String, CodingKey, CaseIterable { case playBars, muteBars }
    enum SpeedKey: String, CodingKey, CaseIterable { case stepBPM, everyBars, limitBPM }

    /// Reads a preset file's JSON and checks that it plays (see `plan()`). `fileName` names the
    /// file in errors; a name ending in `.json` must match the preset's `name`.
    public init(json: Data, fileName: String) throws(PresetError) {
        do {
            self = try JSONDecoder().decode(Preset.self, from: json)
        } catch let error as DecodingError {
            throw PresetError(error, file: fileName, json: json)
        } catch {
            throw .invalid(file: fileName, message: "\(error)")
        }
        self.fileName = fileName
        if fileName.hasSuffix(".json"), name != String(fileName.dropLast(5)) {
            throw .invalid(file: fileName, field: "name",
                           message: "'\(name)' does not match the file name; name the file '\(name).json'")
        }
        _ = try plan()
    }

    /// Reads a preset file; errors name it by its last path component.
    public init(contentsOf url: URL) throws(PresetError) {
        let data: Data
        do throws(FileProblem) {
            data = try FileAccess.read(url.path)
        } catch {
            throw .invalid(file: url.lastPathComponent, message: error.message(namingFile: url.path))
        }
        try self.init(json: data, fileName: url.lastPathComponent)
    }

    /// The preset as JSON, two-space indented, without fields that have their default value.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let version = try c.wholeNumber(.schemaVersion)
        guard version == Preset.schemaVersion else {
            throw DecodingError.dataCorruptedError(forKey: .schemaVersion, in: c, debugDescription:
                "version \(version) is not supported; this Woodshed reads version \(Preset.schemaVersion)")
        }
        try decoder.rejectUnknownKeys(Key.self)
        let meterText = try c.decode(String.self, forKey: .meter)
        do throws(TimingError) {
            meter = try Meter(parsing: meterText)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .meter, in: c, debugDescription: error.description)
        }
        name = try c.decode(String.self, forKey: .name)
        description = try c.decode(String.self, forKey: .description)
        tempo = try c.tempo(.tempo)
        pattern = try c.decodeIfPresent(String.self, forKey: .pattern)
        grid = try c.wholeNumberIfPresent(.grid) ?? 1
        subdivision = try c.wholeNumberIfPresent(.subdivision) ?? 1
        sound = try c.decodeIfPresent(String.self, forKey: .sound) ?? "beep"
        countIn = try c.wholeNumberIfPresent(.countIn) ?? 0
        fileName = "\(name).json"
        if c.contains(.gapTrainer) {
            let g = try c.nestedContainer(keyedBy: GapKey.self, forKey: .gapTrainer)
            try c.superDecoder(forKey: .gapTrainer).rejectUnknownKeys(GapKey.self)
            gapTrainer = GapTrainer(playBars: try g.wholeNumber(.playBars), muteBars: try g.wholeNumber(.muteBars))
        }
        if c.contains(.speedTrainer) {
            let s = try c.nestedContainer(keyedBy: SpeedKey.self, forKey: .speedTrainer)
            try c.superDecoder(forKey: .speedTrainer).rejectUnknownKeys(SpeedKey.self)
            speedTrainer = SpeedTrainer(step: try s.tempo(.stepBPM), everyBars: try s.wholeNumber(.everyBars),
                                        limit: try s.tempo(.limitBPM))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(Preset.schemaVersion, forKey: .schemaVersion)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(tempo.decimal, forKey: .tempo)
        try c.encode(meter.description, forKey: .meter)
        try c.encodeIfPresent(pattern, forKey: .pattern)
        if grid != 1 { try c.encode(grid, forKey: .grid) }
        if subdivision != 1 { try c.encode(subdivision, forKey: .subdivision) }
        if sound != "beep" { try c.encode(sound, forKey: .sound) }
        if countIn != 0 { try c.encode(countIn, forKey: .countIn) }
        if let gap = gapTrainer {
            var g = c.nestedContainer(keyedBy: GapKey.self, forKey: .gapTrainer)
            try g.encode(gap.playBars, forKey: .playBars)
            try g.encode(gap.muteBars, forKey: .muteBars)
        }
        if let speed = speedTrainer {
            var s = c.nestedContainer(keyedBy: SpeedKey.self, forKey: .speedTrainer)
            try s.encode(speed.step.decimal, forKey: .stepBPM)
            try s.encode(speed.everyBars, forKey: .everyBars)
            try s.encode(speed.limit.decimal, forKey: .limitBPM)
        }
    }
}
