import ArgumentParser
import Jobs

/// `advance next|stop|loop-all NAME... | --all`. Main thread.
struct SectionsAdvance: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE advance", help: .sectionsAdvance)

    @Argument(help: "next, stop or loop-all.") var value: String
    @Argument(help: "The sections' names or numbers.") var names: [String] = []
    @Flag(help: "Every section of the file.") var all = false

    func run(on session: inout SectionsSession) throws -> String { try session.setAdvance(value, names: names, all: all) }
}
