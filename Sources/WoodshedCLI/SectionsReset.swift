import ArgumentParser
import Jobs

/// `reset`: the saved speed and transpose forgotten. Main thread.
struct SectionsReset: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE reset",
                                                    abstract: "Forget the speed and transpose saved for the file: speed 1×, transpose 0.")

    func run(on session: inout SectionsSession) throws -> String {
        session.resetSettings()
    }
}
