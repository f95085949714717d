import ArgumentParser
import Jobs

/// `rename OLD NEW`. Main thread.
struct SectionsRename: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE rename", help: .sectionsRename)

    @OptionGroup var section: SectionNameArgument
    @Argument(help: "Its new name.") var newName: String

    func run(on session: inout SectionsSession) throws -> String { try session.rename(section.name, to: newName) }
}
