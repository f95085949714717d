import ArgumentParser
import Jobs

/// `set NAME [plan options]`. Main thread.
struct SectionsSet: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE set", help: .sectionsSet)

    @OptionGroup var section: SectionNameArgument
    @OptionGroup(title: "Plan") var plan: SectionsPlanOptions

    func run(on session: inout SectionsSession) throws -> String { try session.setPlan(section.name, plan.change) }
}
