import ArgumentParser
import Jobs

/// `import IN`: sections from an exported JSON file, subtitles (`.srt`, `.vtt`: one section per
/// cue, named s1, s2, … in time order, with the cue's text) or an Audacity label track (`.txt`),
/// merged by name (same name: replaced in place; new: added at the end). Subtitles and labels
/// carry no plan, so a section they replace keeps its plan (and, for labels, its text). Cues
/// and labels past the end of the audio, and parts of a subtitle file that could not be read,
/// are reported on stderr as warnings. A JSON file whose
/// sections don't all fit this audio is refused whole. Main thread.
struct SectionsImport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE import", help: .sectionsImport)

    @Argument(help: "Subtitles (.srt, .vtt), an Audacity label track (.txt), or a JSON file written by export (or a practice file).") var input: String

    func run(on session: inout SectionsSession) throws -> String { try session.importSections(from: input) }
}
