import Foundation
import WoodshedCore

/// The repository's folders, found from this file's path.
enum Repo {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let presets = root.appendingPathComponent("Presets")
    static let klickMaps = presets.appendingPathComponent("klick")

    /// Files in `folder` ending in `.ext`, sorted by name.
    static func files(in folder: URL, ext: String) -> [URL] {
        let urls = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return urls.filter { $0.pathExtension == ext }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// A fresh empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// "97.5" as an exact tempo.
func bpm(_ text: String) -> Tempo { try! Tempo(parsing: text) }

func meter(_ text: String) -> Meter { try! Meter(parsing: text) }

func pattern(_ text: String, _ meter: Meter = .fourFour, grid: Int = 1) -> ClickPattern {
    try! ClickPattern(parsing: text, meter: meter, stepsPerBeat: grid)
}

/// Every audible click of a finite map at 48 kHz: its frame and level.
func clickFrames(_ map: TempoMap) throws -> [String] {
    let timeline = try ClickTimeline(plan: ClickPlan(map: map), rate: 48_000)
    var cursor = timeline.cursor(at: 0)
    var out: [String] = []
    while !cursor.isFinished {
        if cursor.level != .silent { out.append("\(cursor.frame) \(cursor.level)") }
        cursor.advance()
    }
    return out + ["end \(timeline.endFrame.map(String.init) ?? "none")"]
}
