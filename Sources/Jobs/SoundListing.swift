import Foundation
import Persistence
import RenderGraph
import Sounds

/// `woodshed sounds list [--category C]`: one line per sound of the catalog, sorted by
/// category (noise, nature, machine, alarm, other) then name: its name and category padded to
/// the longest, then its description, `(not installed: …)` for a sound theme sound the
/// system lacks, and `(missing: …)` for a user's sound whose file is gone; the sounds that could not be read, and a missing data folder, as warnings.
/// Main thread (reads files).
public struct SoundListing: FolderListing {
    public let lines: [String]
    /// Where the built-in data was looked for, when it was not found.
    public let missingData: DataFolderMissing?
    /// "FILE:LINE: field: problem" for each sound not listed.
    public let broken: [String]

    /// Throws for a category that is not one of `SoundEntry.categories`.
    public init(category: String?, catalog: SoundCatalog = SoundCatalog()) throws {
        if let category, !SoundEntry.categories.contains(category) {
            throw ValidationErrorMessage("no category '\(category)': use \(SoundEntry.categories.joined(separator: ", "))")
        }
        missingData = catalog.library.missingData
        var rows: [(name: String, category: String, text: String)] = [], broken: [String] = []
        for name in catalog.names() {
            do {
                guard let entry = try catalog.library.load(name: name) else { continue }
                guard category == nil || entry.category == category else { continue }
                var text = entry.description
                if case .themeSound(let themeSound, _) = entry.source,
                   SoundTheme.file(named: themeSound, environment: catalog.environment) == nil {
                    text += " (not installed: the freedesktop sound theme has no '\(themeSound)')"
                }
                if case .file(let path, _) = entry.source, !FileManager.default.fileExists(atPath: path) {
                    text += " (missing: its file \(path) is not there)"
                }
                rows.append((name, entry.category, text))
            } catch {
                broken.append(error.description)
            }
        }
        let order = SoundEntry.categories
        rows.sort { (order.firstIndex(of: $0.category)!, $0.name) < (order.firstIndex(of: $1.category)!, $1.name) }
        let nameWidth = rows.map(\.name.count).max() ?? 0, categoryWidth = rows.map(\.category.count).max() ?? 0
        lines = rows.map {
            $0.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + $0.category.padding(toLength: categoryWidth, withPad: " ", startingAt: 0) + "  " + $0.text
        }
        self.broken = broken
    }
}
