import ArgumentParser
import Jobs

/// `nudge NAME start|end [STEP]`. Main thread.
struct SectionsNudge: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE nudge", help: .sectionsNudge)

    @OptionGroup var section: SectionNameArgument
    @Argument(help: "start or end.") var edge: String
    @Argument(help: "How far: any time, e.g. 10ms, -5ms, 0.5 (default 10ms).") var step: String = "10ms"

    func run(on session: inout SectionsSession) throws -> String { try session.nudge(section.name, edge: edge, by: step) }
}
