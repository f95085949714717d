import ArgumentParser
import Jobs

/// `export OUT`: the sections and their plans as JSON (times also as m:ss.fff), or, to a `.txt`
/// file, as an Audacity label track (one region label per section, named after it). Main thread.
struct SectionsExport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE export", help: .sectionsExport)

    @Argument(help: "The file to write (replaced if it exists): .txt for an Audacity label track, else JSON.") var output: String

    func run(on session: inout SectionsSession) throws -> String { try session.export(to: output) }
}
