import ArgumentParser
import Jobs

/// `move NAME POSITION`. Main thread.
struct SectionsMove: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE move", help: .sectionsMove)

    @OptionGroup var section: SectionNameArgument
    @Argument(help: "Its new position, from 1.") var position: String

    func run(on session: inout SectionsSession) throws -> String { try session.move(section.name, to: position) }
}
