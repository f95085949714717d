import ArgumentParser
import Jobs

/// `rm NAME`. Main thread.
struct SectionsRemove: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE rm", help: .sectionsRemove)

    @OptionGroup var section: SectionNameArgument

    func run(on session: inout SectionsSession) throws -> String { try session.remove(section.name) }
}
