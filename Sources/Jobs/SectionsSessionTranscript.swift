import App
import Foundation
import Persistence
import WoodshedCore

/// `text TRANSCRIPT` of `woodshed sections FILE`. Main thread.
extension SectionsSession {
    /// `text TRANSCRIPT`: the sentences of a plain transcript given to the sections split on
    /// silence (s1, s2, … as `split` names them) by `TranscriptAlignment`: where the transcript
    /// has more sentences than there are sections, neighbours are joined; where it has fewer,
    /// sections are left without text. Both are said in the report. The sections keep their times
    /// and plans; only their text changes.
    public mutating func text(fromTranscript path: String) throws -> String {
        let data: Data
        do throws(FileProblem) {
            data = try FileAccess.read(path)
        } catch {
            throw ValidationErrorMessage("can't read '\(path)': \(error.reason)")
        }
        let transcript: Transcript
        do throws(TextFileError) {
            transcript = try Transcript.read(data, source: path)
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        if let warning = transcript.warning { writeStderr("Warning: \(path): \(warning)\n") }
        guard !transcript.sentences.isEmpty else { throw ValidationErrorMessage("no sentences in '\(path)': it holds no text") }
        var split: [Int] = []
        while case let name = SubtitleSections.name(split.count + 1),
              let i = file.sections.firstIndex(where: { $0.name == name }) {
            split.append(i)
        }
        guard !split.isEmpty else {
            throw ValidationErrorMessage("\(audioPath) has no sentences s1, s2, … to give text to: split it first (woodshed sections FILE split)")
        }
        let sections = split.map { file.sections[$0] }
        let alignment = TranscriptAlignment(sentences: transcript.sentences, lengths: sections.map(\.length))
        try edit { (f: inout PracticeFile) throws(SectionEditError) in
            for (k, i) in split.enumerated() { f.sections[i].text = alignment.texts[k] }
        }
        let given = alignment.texts.count { $0 != nil }
        let count = transcript.sentences.count
        var report = "text for \(given == sections.count ? "all \(plural(given, "sentence"))" : "\(given) of \(plural(sections.count, "sentence"))")"
            + " from \(path) (\(plural(count, "sentence")) in it"
        if count != sections.count {
            let d = abs(count - sections.count)
            report += ", \(d) \(count > sections.count ? "more" : "fewer") than the sections"
        }
        report += ")"
        if !alignment.joined.isEmpty {
            report += "; joined: " + alignment.joined.map { "\(sections[$0.section].name) (\($0.sentences))" }.joined(separator: ", ")
        }
        if !alignment.empty.isEmpty {
            report += "; without text: " + alignment.empty.map { sections[$0].name }.joined(separator: ", ")
        }
        return report
    }
}
