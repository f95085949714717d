import App
import ArgumentParser
import Foundation
import Media
import Persistence
import WoodshedCore

/// `split [options] [--preview]`: sentences found on the pauses of speech (see `SilenceSplitter`),
/// saved as sections named s1, s2, … like a subtitle import: merged by name, so a section of
/// that name is replaced in its place (keeping its plan) and the others are added at the end.
/// With `--preview` they are only listed. Main thread (the file is read here, with a progress
/// line on stderr when it is a terminal).
struct SectionsSplit: SectionsAction {
    static let configuration = CommandConfiguration(
        commandName: "woodshed sections FILE split",
        abstract: "Find the sentences of speech by its pauses and save them as sections s1, s2, … (replacing earlier ones of those names).",
        discussion: """
            A pause is at least --min-silence of 10 ms windows below --threshold. Each
            sentence is its speech plus --pad on each side, never past the middle of the
            pause to its neighbour. Speech shorter than --min-sentence is joined to the
            nearer neighbour. Times: 350ms, 0.35, 0.35s. See docs/shadowing.md.
            """)

    // Every value is taken as it is, even when it starts with "-" (-40dB; -5ms is then refused
    // as negative rather than read as an option).
    @Option(name: .customLong("min-silence"), parsing: .unconditional, help: "The shortest pause that splits (default 350ms).")
    var minSilence: String?

    @Option(parsing: .unconditional,
            help: "Silence is below this: a level in dBFS such as -40dB (the default), or peak-30dB: 30 dB below the loudest 10 ms of the file, for quiet recordings.")
    var threshold: String?

    @Option(name: .customLong("min-sentence"), parsing: .unconditional, help: "Shorter speech is joined to a neighbour (default 500ms).")
    var minSentence: String?

    @Option(parsing: .unconditional, help: "Kept before and after each sentence's speech (default 150ms).")
    var pad: String?

    @Option(name: .customLong("pad-before"), parsing: .unconditional, help: "Kept before each sentence's speech (default: --pad).")
    var padBefore: String?

    @Option(name: .customLong("pad-after"), parsing: .unconditional, help: "Kept after each sentence's speech (default: --pad).")
    var padAfter: String?

    @Flag(help: "Only list the sentences (number, from, to, length); save nothing.")
    var preview = false

    /// The settings from the options, or a one-line error naming the option.
    func settings() throws -> SplitSettings {
        func duration(_ option: String, _ text: String?, _ current: Int64) throws -> Int64 {
            guard let text else { return current }
            let time: SourceTime
            do { time = try SourceTime(parsing: text) } catch {
                throw ValidationErrorMessage("\(option) takes a time such as 350ms or 0.35, not '\(text)'")
            }
            return time.microseconds
        }
        var s = SplitSettings()
        s.minSilence = try duration("--min-silence", minSilence, s.minSilence)
        s.minSentence = try duration("--min-sentence", minSentence, s.minSentence)
        let both = try duration("--pad", pad, s.padBefore)
        s.padBefore = try duration("--pad-before", padBefore, both)
        s.padAfter = try duration("--pad-after", padAfter, both)
        if let threshold {
            do { s.threshold = try SilenceThreshold(parsing: threshold) } catch { throw ValidationErrorMessage(error.description) }
        }
        do { try s.validate() } catch {
            throw ValidationErrorMessage(pad != nil && padBefore == nil && padAfter == nil
                ? error.description.replacingOccurrences(of: "--pad-before", with: "--pad") : error.description)
        }
        return s
    }

    func run(on session: inout SectionsSession) throws -> String {
        let settings = try settings()
        let splitter = try SilenceSplitter(settings: settings)
        let path = session.audioPath
        let cache = try PlaySetup.decodeCache()
        let decoding = ProgressLine(label: "decoding \(path) once (kept in the cache)", rate: 1, enabled: Diagnostics.stderrIsTerminal)
        let source: AudioSource
        do {
            source = try AudioSource.open(path: path, cacheDirectory: cache.directory, cacheLimit: cache.limit) {
                decoding.update(fraction: $0)
            }
        } catch {
            decoding.finish()
            throw ValidationErrorMessage(error.description)
        }
        decoding.finish()
        let finding = ProgressLine(label: "finding the pauses in \(path)", rate: 1, enabled: Diagnostics.stderrIsTerminal)
        let found = splitter.split(source) { finding.update(fraction: $0) }
        finding.finish()

        // The practice file's length is the header's; a decoded MP3 may hold a few frames less or more.
        let frames = session.file.frames
        let ranges = found.sentences.map { (start: $0.start, end: min($0.end, frames)) }.filter { $0.start < $0.end }
        guard !ranges.isEmpty else {
            let loudest = found.loudestDecibels.isFinite ? String(format: "%.1f dBFS", found.loudestDecibels) : "digital silence"
            throw ValidationErrorMessage("no speech found in \(path) above \(settings.threshold) (its loudest 10 ms is \(loudest))"
                + (found.loudestDecibels.isFinite ? ": try a lower --threshold, or peak-30dB" : ""))
        }

        if preview {
            var rows = [["#", "from", "to", "length"]]
            for (i, r) in ranges.enumerated() {
                rows.append(["\(i + 1)", session.time(r.start), session.time(r.end), session.time(r.end - r.start)])
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
        let incoming = session.file.keepingPlans(ranges.enumerated().map { i, r in
            try! Section(name: SubtitleSections.name(i + 1), start: r.start, end: r.end)   // 0 ≤ start < end
        }, keepingText: false)
        let report = try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.merge(incoming) }
        // s(N+1), s(N+2), … from a longer earlier split or import stay, as with subtitles: say so.
        var left: [String] = []
        while case let name = SubtitleSections.name(incoming.count + left.count + 1),
              session.file.sections.contains(where: { $0.name == name }) {
            left.append("'\(name)'")
        }
        if !left.isEmpty {
            writeStderr("Warning: \(left.joined(separator: ", ")) \(left.count == 1 ? "is" : "are") left from before"
                + " (remove \(left.count == 1 ? "it" : "them") with rm if not wanted)\n")
        }
        return session.mergeReport(report, of: incoming, thing: "sentence") { "split into \($0)" }
    }
}
