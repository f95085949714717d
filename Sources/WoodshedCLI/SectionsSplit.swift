import Jobs
import ArgumentParser
import Media

/// `split [options] [--preview]`: sentences found on the pauses of speech (see `SilenceSplitter`),
/// saved as sections named s1, s2, … like a subtitle import: merged by name, so a section of
/// that name is replaced in its place (keeping its plan) and the others are added at the end.
/// With `--preview` they are only listed. Main thread (the file is read here, with a progress
/// line on stderr when it is a terminal).
struct SectionsSplit: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE split", help: .sectionsSplit)

    // Every value is taken as it is, even when it starts with "-" (-40dB; -5ms is then refused
    // as negative rather than read as an option).
    @Option(name: .customLong("min-silence"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.splitMinSilence)) var minSilence: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(OptionHelp.splitThreshold)) var threshold: String?
    @Option(name: .customLong("min-sentence"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.splitMinSentence)) var minSentence: String?
    @Option(parsing: .unconditional, help: "Kept before and after each sentence's speech (default 150ms).") var pad: String?
    @Option(name: .customLong("pad-before"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.splitPadBefore)) var padBefore: String?
    @Option(name: .customLong("pad-after"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.splitPadAfter)) var padAfter: String?
    @Flag(help: "Only list the sentences (number, from, to, length); save nothing.") var preview = false

    /// The settings from the options, or a one-line error naming the option.
    func settings() throws -> SplitSettings {
        try SplitRequest(minSilence: minSilence, threshold: threshold, minSentence: minSentence, pad: pad, padBefore: padBefore,
                         padAfter: padAfter).settings()
    }

    func run(on session: inout SectionsSession) throws -> String { try session.split(settings: settings(), preview: preview) }
}
