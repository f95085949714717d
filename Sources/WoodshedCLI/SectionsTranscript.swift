import ArgumentParser
import Jobs

/// `text TRANSCRIPT`: a plain transcript's sentences given to the sentences split on silence.
/// Main thread.
struct SectionsTranscript: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE text", help: .sectionsTranscript)

    @Argument(help: "The transcript: plain text (UTF-8).", completion: .file()) var transcript: String

    func run(on session: inout SectionsSession) throws -> String { try session.text(fromTranscript: transcript) }
}
