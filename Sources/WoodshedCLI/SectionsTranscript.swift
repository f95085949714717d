import ArgumentParser
import Jobs

/// `text TRANSCRIPT`: a plain transcript's sentences given to the sentences split on silence.
/// Main thread.
struct SectionsTranscript: SectionsAction {
    static let configuration = CommandConfiguration(
        commandName: "woodshed sections FILE text",
        abstract: "Give the sentences of a plain transcript to the sections s1, s2, … split on silence, in order.",
        discussion: """
            A sentence ends at . ! ? … followed by a space, and at each line end. They are
            matched to the sections by their length against each section's duration: extra
            sentences are joined to a neighbour, and with fewer sentences than sections
            some are left without text; both are said. See docs/shadowing.md.
            """)

    @Argument(help: "The transcript: plain text (UTF-8).", completion: .file()) var transcript: String

    func run(on session: inout SectionsSession) throws -> String {
        try session.text(fromTranscript: transcript)
    }
}
