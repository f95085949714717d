import ArgumentParser
import Jobs

/// `add NAME FROM TO [plan options]`. Main thread.
struct SectionsAdd: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE add", help: .sectionsAdd)

    @Argument(help: "Its name (one line, not a number).") var name: String
    @Argument(help: "Where it starts: 62.5, 1:02.5, 1:02:03.250, 350ms.") var from: String
    @Argument(help: "Where it ends (not after the end of the file).") var to: String
    @OptionGroup(title: "Plan") var plan: SectionsPlanOptions

    func run(on session: inout SectionsSession) throws -> String { try session.add(name: name, from: from, to: to, plan: plan.change) }
}
