import ArgumentParser
import Jobs

/// `list`: the sections as a table. Main thread.
struct SectionsList: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE list",
                                                    abstract: "Show the sections: number, name, from, to, length, plan and text.",
                                                    discussion: """
        The text column (a sentence's words, from subtitles) is shown when a section
        has any; its lines are joined with " / ".
        """)

    func run(on session: inout SectionsSession) throws -> String {
        session.list()
    }
}
