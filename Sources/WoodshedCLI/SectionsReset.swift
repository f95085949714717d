import ArgumentParser
import Jobs

/// `reset`: the saved speed and transpose forgotten. Main thread.
struct SectionsReset: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE reset", help: .sectionsReset)

    func run(on session: inout SectionsSession) throws -> String { session.resetSettings() }
}
