import App
import ArgumentParser
import Foundation
import Persistence
import WoodshedCore

/// What `export` writes and `import` reads, chosen by the file name's extension (any case):
/// `.srt` and `.vtt` subtitles (import only), `.txt` an Audacity label track, anything else the
/// JSON exchange format. Any thread.
enum SectionsExchangeFormat: Equatable {
    case subtitles(SubtitleFormat)
    case audacityLabels
    case json

    init(path: String) {
        if let subtitles = SubtitleFormat(path: path) {
            self = .subtitles(subtitles)
        } else if URL(fileURLWithPath: path).pathExtension.lowercased() == "txt" {
            self = .audacityLabels
        } else {
            self = .json
        }
    }
}

/// `export OUT`: the sections and their plans as JSON (times also as m:ss.fff), or, to a `.txt`
/// file, as an Audacity label track (one region label per section, named after it). Main thread.
struct SectionsExport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE export",
                                                    abstract: "Write the sections to a file: OUT.txt as Audacity labels, any other name as JSON with their plans.")

    @Argument(help: "The file to write (replaced if it exists): .txt for an Audacity label track, else JSON.") var output: String

    func run(on session: inout SectionsSession) throws -> String {
        let data: Data
        switch SectionsExchangeFormat(path: output) {
        case .subtitles(let format):
            throw ValidationErrorMessage("export writes Audacity labels (.txt) or JSON (any other name), not subtitles (.\(format.rawValue))")
        case .audacityLabels: data = session.file.labelTrackData()
        case .json: data = session.file.exportData()
        }
        let url = URL(fileURLWithPath: output)
        do throws(FileProblem) {
            try AtomicFile.write(data, to: url)
        } catch {
            throw ValidationErrorMessage("can't write '\(output)': \(error.reason(forFile: url.path))")
        }
        return "exported \(plural(session.file.sections.count, "section")) to \(output)"
    }
}

/// `import IN`: sections from an exported JSON file, subtitles (`.srt`, `.vtt`: one section per
/// cue, named s1, s2, … in time order, with the cue's text) or an Audacity label track (`.txt`),
/// merged by name (same name: replaced in place; new: added at the end). Subtitles and labels
/// carry no plan, so a section they replace keeps its plan (and, for labels, its text). Cues
/// and labels past the end of the audio, and parts of a subtitle file that could not be read,
/// are reported on stderr as warnings. A JSON file whose
/// sections don't all fit this audio is refused whole. Main thread.
struct SectionsImport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE import",
                                                    abstract: "Merge sections from subtitles (.srt, .vtt), Audacity labels (.txt) or an exported JSON file: a section with the same name is replaced, others are added.")

    @Argument(help: "Subtitles (.srt, .vtt), an Audacity label track (.txt), or a JSON file written by export (or a practice file).") var input: String

    func run(on session: inout SectionsSession) throws -> String {
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
                let found = try session.file.subtitleSections(data, format: format, source: input)
                (incoming, warnings, nothingRead) = (found.sections, found.warnings, found.nothingRead)
            case .audacityLabels:
                let found = try session.file.labelSections(data, source: input)
                (incoming, warnings) = (found.sections, found.warnings)
            case .json:
                incoming = try session.file.importedSections(data: data, source: input)
            }
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        for warning in warnings { writeStderr("Warning: \(warning)\n") }
        if incoming.isEmpty, SectionsExchangeFormat(path: input) != .json {
            let things = SectionsExchangeFormat(path: input) == .audacityLabels ? "labels" : "cues"
            throw ValidationErrorMessage("\(input): " + (nothingRead ?? (warnings.isEmpty ? "no \(things) in the file" : "no \(things) inside the audio")))
        }
        let report = try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.merge(incoming) }
        return session.mergeReport(report, of: incoming, thing: "section") { "imported \($0) from \(input)" }
    }
}
