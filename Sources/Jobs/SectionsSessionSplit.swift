import App
import Foundation
import Media
import Persistence
import WoodshedCore

/// `split` of `woodshed sections FILE`. Main thread (the file is read here, with a progress
/// line on stderr when it is a terminal).
extension SectionsSession {
    /// Sentences found on the pauses of speech (see `SilenceSplitter`), saved as sections named
    /// s1, s2, … like a subtitle import: merged by name, so a section of that name is replaced
    /// in its place (keeping its plan) and the others are added at the end. With `preview` they
    /// are only listed.
    public mutating func split(settings: SplitSettings, preview: Bool) throws -> String {
        let splitter = try SilenceSplitter(settings: settings)
        let path = audioPath
        PlaySetup.retireDecodeCache()
        let source: AudioSource
        do {
            source = try AudioSource.open(path: path)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let finding = ProgressLine(label: "finding the pauses in \(path)", rate: 1, enabled: ProgressLine.stderrIsTerminal)
        let found = splitter.split(source) { finding.update(fraction: $0) }
        finding.finish()

        // The practice file's length is the header's; a decoded MP3 may hold a few frames less or more.
        let frames = file.frames
        let ranges = found.sentences.map { (start: $0.start, end: min($0.end, frames)) }.filter { $0.start < $0.end }
        guard !ranges.isEmpty else {
            let loudest = found.loudestDecibels.isFinite ? String(format: "%.1f dBFS", found.loudestDecibels) : "digital silence"
            throw ValidationErrorMessage("no speech found in \(path) above \(settings.threshold) (its loudest 10 ms is \(loudest))"
                + (found.loudestDecibels.isFinite ? ": try a lower --threshold, or peak-30dB" : ""))
        }

        if preview {
            var rows = [["#", "from", "to", "length"]]
            for (i, r) in ranges.enumerated() {
                rows.append(["\(i + 1)", time(r.start), time(r.end), time(r.end - r.start)])
            }
            let widths = (0..<4).map { c in rows.map { $0[c].count }.max()! }
            var lines = rows.map { row in
                row.indices.map { c in
                    let pad = String(repeating: " ", count: widths[c] - row[c].count)
                    return c == 0 ? pad + row[c] : c == 3 ? row[c] : row[c] + pad
                }.joined(separator: "  ")
            }
            lines.append("\(plural(ranges.count, "sentence")); nothing saved (--preview)")
            return lines.joined(separator: "\n")
        }

        // Named and merged exactly as a subtitle import's cues are; the new cuts carry no text.
        // New sections go on to the next, as `add`'s do (the program's last one stops).
        let incoming = file.keepingPlans(ranges.enumerated().map { i, r in
            try! Section(name: SubtitleSections.name(i + 1), start: r.start, end: r.end,   // 0 ≤ start < end
                         plan: RepeatPlan(advance: .next))
        }, keepingText: false)
        let report = try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.merge(incoming) }
        // s(N+1), s(N+2), … from a longer earlier split or import stay, as with subtitles: say so.
        var left: [String] = []
        while case let name = SubtitleSections.name(incoming.count + left.count + 1),
              file.sections.contains(where: { $0.name == name }) {
            left.append("'\(name)'")
        }
        if !left.isEmpty {
            writeStderr("Warning: \(left.joined(separator: ", ")) \(left.count == 1 ? "is" : "are") left from before"
                + " (remove \(left.count == 1 ? "it" : "them") with rm if not wanted)\n")
        }
        return mergeReport(report, of: incoming, thing: "sentence") { "split into \($0)" }
    }
}
