import ArgumentParser
import Jobs

/// `rename OLD NEW`. Main thread.
struct SectionsRename: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE rename", abstract: "Rename a section.")

    @Argument(help: "The section's name or number.") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run(on session: inout SectionsSession) throws -> String {
        try session.rename(name, to: newName)
    }
}
