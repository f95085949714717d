import App
import Foundation
import Persistence
import WoodshedCore

/// `export` and `import` of `woodshed sections FILE`. Main thread.
extension SectionsSession {
    /// `export OUT`: the sections and their plans as JSON (times also as m:ss.fff), or, to a
    /// `.txt` file, as an Audacity label track (one region label per section, named after it).
    public func export(to output: String) throws -> String {
        let data: Data
        switch SectionsExchangeFormat(path: output) {
        case .subtitles(let format):
            throw ValidationErrorMessage("export writes Audacity labels (.txt) or JSON (any other name), not subtitles (.\(format.rawValue))")
        case .audacityLabels: data = file.labelTrackData()
        case .json: data = file.exportData()
        }
        let url = URL(fileURLWithPath: output)
        do throws(FileProblem) {
            try AtomicFile.write(data, to: url, creatingFolder: false)
        } catch {
            throw ValidationErrorMessage("can't write '\(output)': \(error.reason(forFile: url.path))")
        }
        return "exported \(plural(file.sections.count, "section")) to \(output)"
    }

    /// `import IN`: sections from an exported JSON file, subtitles (`.srt`, `.vtt`: one section
    /// per cue, named s1, s2, … in time order, with the cue's text) or an Audacity label track
    /// (`.txt`), merged by name (same name: replaced in place; new: added at the end). Subtitles
    /// and labels carry no plan, so a section they replace keeps its plan (and, for labels, its
    /// text). Cues and labels past the end of the audio, and parts of a subtitle file that could
    /// not be read, are reported on stderr as warnings. A JSON file whose sections don't all fit
    /// this audio is refused whole.
    public mutating func importSections(from input: String) throws -> String {
        let data: Data
        do throws(FileProblem) {
            data = try FileAccess.read(input)
        } catch {
            throw ValidationErrorMessage("can't read '\(input)': \(error.reason)")
        }
        let incoming: [Section]
        var warnings: [TextFileWarning] = []
        var nothingRead: String?
        do {
            switch SectionsExchangeFormat(path: input) {
            case .subtitles(let format):
                let found = try file.subtitleSections(data, format: format, source: input)
                (incoming, warnings, nothingRead) = (found.sections, found.warnings, found.nothingRead)
            case .audacityLabels:
                let found = try file.labelSections(data, source: input)
                (incoming, warnings) = (found.sections, found.warnings)
            case .json:
                incoming = try file.importedSections(data: data, source: input)
            }
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        for warning in warnings { writeStderr("Warning: \(warning)\n") }
        if incoming.isEmpty, SectionsExchangeFormat(path: input) != .json {
            let things = SectionsExchangeFormat(path: input) == .audacityLabels ? "labels" : "cues"
            throw ValidationErrorMessage("\(input): " + (nothingRead ?? (warnings.isEmpty ? "no \(things) in the file" : "no \(things) inside the audio")))
        }
        let report = try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.merge(incoming) }
        return mergeReport(report, of: incoming, thing: "section") { "imported \($0) from \(input)" }
    }
}
