import ArgumentParser
import Foundation
import Persistence
import WoodshedCore

/// One `woodshed sections FILE ACTION ...`: parsed from the words after ACTION, then run on the
/// audio's practice file. The file is saved after `run` only if it changed, and the lines
/// `run` returns are printed only after that. Main thread.
protocol SectionsAction: ParsableCommand {
    func run(on session: inout SectionsSession) throws -> String
}

extension SectionsAction {
    /// Not used: `SectionsSubcommand` calls `run(on:)`.
    func run() throws {}
}

/// `list`: the sections as a table. Main thread.
struct SectionsList: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE list",
                                                    abstract: "Show the sections: number, name, from, to, length, plan and text.",
                                                    discussion: """
        The text column (a sentence's words, from subtitles) is shown when a section
        has any; its lines are joined with " / ".
        """)

    func run(on session: inout SectionsSession) throws -> String {
        let sections = session.file.sections
        guard !sections.isEmpty else { return "no sections yet" }
        let withText = sections.contains { !($0.text ?? "").isEmpty }
        var rows = [["#", "name", "from", "to", "length", "plan"] + (withText ? ["text"] : [])]
        for (i, s) in sections.enumerated() {
            let text = (s.text ?? "").split(whereSeparator: \.isNewline).joined(separator: " / ")
            rows.append(["\(i + 1)", s.name, session.time(s.start), session.time(s.end), session.time(s.length), s.plan.summary]
                        + (withText ? [text] : []))
        }
        let columns = rows[0].count
        let widths = (0..<columns).map { c in rows.map { $0[c].count }.max()! }
        return rows.map { row in
            let line = row.indices.map { c in
                let cell = row[c], pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? pad + cell : c == columns - 1 ? cell : cell + pad
            }.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())   // a section with no text
        }.joined(separator: "\n")
    }
}

/// `add NAME FROM TO [plan options]`. Main thread.
struct SectionsAdd: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE add",
                                                    abstract: "Add a section at the end.")

    @Argument(help: "Its name (one line, not a number).") var name: String
    @Argument(help: "Where it starts: 62.5, 1:02.5, 1:02:03.250, 350ms.") var from: String
    @Argument(help: "Where it ends (not after the end of the file).") var to: String
    @OptionGroup(title: "Plan") var plan: SectionsPlanOptions

    func run(on session: inout SectionsSession) throws -> String {
        let start = try session.frame(from), end = try session.frame(to)
        let plan = try plan.applied(to: RepeatPlan())
        let number = try session.edit { (f: inout PracticeFile) throws(SectionEditError) in
            try f.add(name: name, start: start, end: end, plan: plan)
        }
        let s = session.file.sections[number - 1]
        return "added section \(number) '\(s.name)': \(session.range(s)); \(s.plan.summary)"
    }
}

/// `rm NAME`. Main thread.
struct SectionsRemove: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE rm", abstract: "Remove a section.")

    @Argument(help: "The section's name or number.") var name: String

    func run(on session: inout SectionsSession) throws -> String {
        let (i, s) = try session.pick(name)
        try session.edit { (f: inout PracticeFile) throws(SectionEditError) in _ = try f.remove(name) }
        return "removed section \(i + 1) '\(s.name)'"
    }
}

/// `rename OLD NEW`. Main thread.
struct SectionsRename: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE rename", abstract: "Rename a section.")

    @Argument(help: "The section's name or number.") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run(on session: inout SectionsSession) throws -> String {
        let (i, s) = try session.pick(name)
        try session.edit { (f: inout PracticeFile) throws(SectionEditError) in _ = try f.rename(name, to: newName) }
        return "renamed section \(i + 1) '\(s.name)' to '\(newName)'"
    }
}

/// `move NAME POSITION`. Main thread.
struct SectionsMove: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE move",
                                                    abstract: "Move a section to another place in the order.")

    @Argument(help: "The section's name or number.") var name: String
    @Argument(help: "Its new position, from 1.") var position: String

    func run(on session: inout SectionsSession) throws -> String {
        let (_, s) = try session.pick(name)
        guard let p = Int(position) else { throw ValidationErrorMessage("position '\(position)' is not a whole number") }
        try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.move(name, to: p) }
        return "moved '\(s.name)' to position \(p)"
    }
}

/// `nudge NAME start|end [STEP]`. Main thread.
struct SectionsNudge: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE nudge",
                                                    abstract: "Move the start or end of a section a little: by STEP (default 10ms; -10ms is earlier).")

    @Argument(help: "The section's name or number.") var name: String
    @Argument(help: "start or end.") var edge: String
    @Argument(help: "How far: any time, e.g. 10ms, -5ms, 0.5 (default 10ms).") var step: String = "10ms"

    func run(on session: inout SectionsSession) throws -> String {
        guard let e = SectionEdge(rawValue: edge) else { throw ValidationErrorMessage("nudge 'start' or 'end', not '\(edge)'") }
        let by: SourceTime
        do { by = try SourceTime(parsing: step) } catch { throw ValidationErrorMessage(error.description) }
        let (_, after) = try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.nudge(name, e, by: by) }
        return "nudged '\(after.name)' \(edge) by \(by): \(session.range(after))"
    }
}

/// `set NAME [plan options]`. Main thread.
struct SectionsSet: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE set",
                                                    abstract: "Change a section's plan: only the options given change.")

    @Argument(help: "The section's name or number.") var name: String
    @OptionGroup(title: "Plan") var plan: SectionsPlanOptions

    func run(on session: inout SectionsSession) throws -> String {
        guard !plan.isEmpty else {
            throw ValidationErrorMessage("set: give at least one of --repeat, --gap, --count-in, --speeds, --advance")
        }
        let (i, s) = try session.pick(name)
        let new = try plan.applied(to: s.plan)
        try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.setPlan(name, new) }
        return "section \(i + 1) '\(s.name)': \(new.summary)"
    }
}
