import ArgumentParser
import Jobs

/// `list`: the sections as a table. Main thread.
struct SectionsList: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE list", help: .sectionsList)

    func run(on session: inout SectionsSession) throws -> String { session.list() }
}
