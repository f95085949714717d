import Persistence
import Player
import WoodshedCore

/// The edits of `woodshed sections FILE ACTION`: each changes `file` (saved later by
/// `saveIfChanged`) and returns the line to print, or throws a one-line error. Main thread.
extension SectionsSession {
    /// `list`: the sections as a table (number, name, from, to, length, plan, and their text
    /// when any has some, its lines joined with " / "), then the whole file's timeline with
    /// each section's mark (as the player shows it). Control characters in names and texts are
    /// shown escaped (`\u{1B}`).
    public func list() -> String {
        let sections = file.sections
        guard !sections.isEmpty else { return "no sections yet" }
        let withText = sections.contains { !($0.text ?? "").isEmpty }
        var rows = [["#", "name", "from", "to", "length", "plan"] + (withText ? ["text"] : [])]
        for (i, s) in sections.enumerated() {
            // Names and texts come from files (subtitles, labels, imports): never raw to the terminal.
            let text = (s.text ?? "").split(whereSeparator: \.isNewline).joined(separator: " / ").escapingControlCharacters()
            rows.append(["\(i + 1)", s.name.escapingControlCharacters(), time(s.start), time(s.end), time(s.length), s.plan.summary]
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
        }.joined(separator: "\n") + "\n\n" + SectionOverview.timelineText(sections, frames: file.frames, rate: file.rate)
    }

    /// `add NAME FROM TO [plan]`: a section at the end.
    public mutating func add(name: String, from: String, to: String, plan change: SectionPlanChange) throws -> String {
        let start = try frame(from), end = try frame(to)
        // A new section goes on to the next when it is done (the last one stops).
        let plan = try change.applied(to: RepeatPlan(advance: .next))
        let number = try edit { (f: inout PracticeFile) throws(SectionEditError) in
            try f.add(name: name, start: start, end: end, plan: plan)
        }
        let s = file.sections[number - 1]
        return "added section \(number) '\(s.name)': \(range(s)); \(s.plan.summary)"
    }

    /// `rm NAME`.
    public mutating func remove(_ name: String) throws -> String {
        let (i, s) = try pick(name)
        try edit { (f: inout PracticeFile) throws(SectionEditError) in _ = try f.remove(name) }
        return "removed section \(i + 1) '\(s.name)'"
    }

    /// `rename OLD NEW`.
    public mutating func rename(_ name: String, to newName: String) throws -> String {
        let (i, s) = try pick(name)
        try edit { (f: inout PracticeFile) throws(SectionEditError) in _ = try f.rename(name, to: newName) }
        return "renamed section \(i + 1) '\(s.name)' to '\(newName)'"
    }

    /// `move NAME POSITION` (from 1).
    public mutating func move(_ name: String, to position: String) throws -> String {
        let (_, s) = try pick(name)
        guard let p = Int(position) else { throw ValidationErrorMessage("position '\(position)' is not a whole number") }
        try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.move(name, to: p) }
        return "moved '\(s.name)' to position \(p)"
    }

    /// `nudge NAME start|end STEP`: one end moved by STEP (a time; negative is earlier).
    public mutating func nudge(_ name: String, edge: String, by step: String) throws -> String {
        guard let e = SectionEdge(rawValue: edge) else { throw ValidationErrorMessage("nudge 'start' or 'end', not '\(edge)'") }
        let by: SourceTime
        do { by = try SourceTime(parsing: step) } catch { throw ValidationErrorMessage(error.description) }
        let (_, after) = try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.nudge(name, e, by: by) }
        return "nudged '\(after.name)' \(edge) by \(by): \(range(after))"
    }

    /// `set NAME [plan]`: only the parts of the plan given change.
    public mutating func setPlan(_ name: String, _ change: SectionPlanChange) throws -> String {
        guard !change.isEmpty else {
            throw ValidationErrorMessage("set: give at least one of --repeat, --gap, --count-in, --speeds, --advance")
        }
        let (i, s) = try pick(name)
        let new = try change.applied(to: s.plan)
        try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.setPlan(name, new) }
        return "section \(i + 1) '\(s.name)': \(new.summary)"
    }
}
