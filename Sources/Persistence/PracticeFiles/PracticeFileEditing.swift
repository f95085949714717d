import WoodshedCore

/// Editing the sections; every edit keeps the file valid (unique usable names, every section
/// inside the audio) or throws and changes nothing. Any thread (a value); the control thread
/// saves the result.
extension PracticeFile {
    /// The section `reference` names (by name or 1-based number) and its index.
    public func section(_ reference: String) throws(SectionEditError) -> (index: Int, section: Section) {
        guard let i = index(of: reference) else {
            let shown = PracticeFile.isNumber(reference) ? reference : "'\(reference)'"
            if sections.isEmpty { throw SectionEditError("no section \(shown): there are no sections yet") }
            let list = sections.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
            throw SectionEditError("no section \(shown) (the sections are: \(list))")
        }
        return (i, sections[i])
    }

    /// Adds `section` at the end; returns its 1-based number.
    @discardableResult
    public mutating func add(_ section: Section) throws(SectionEditError) -> Int {
        try checkName(section.name, except: nil)
        try checkRange(section.name, section.start, section.end)
        sections.append(section)
        return sections.count
    }

    /// Adds a section from source frame `start` up to (not including) `end` at the end;
    /// returns its 1-based number.
    @discardableResult
    public mutating func add(name: String, start: Int64, end: Int64, plan: RepeatPlan) throws(SectionEditError) -> Int {
        try checkName(name, except: nil)
        try checkRange(name, start, end)
        let section: Section
        do throws(TimingError) {
            section = try Section(name: name, start: start, end: end, plan: plan)
        } catch {
            throw SectionEditError(error.description)
        }
        return try add(section)
    }

    /// Removes a section and returns it.
    @discardableResult
    public mutating func remove(_ reference: String) throws(SectionEditError) -> Section {
        let (i, section) = try self.section(reference)
        sections.remove(at: i)
        if settings.lastSection == section.name { settings.lastSection = nil }
        return section
    }

    /// Renames a section; returns its old name.
    @discardableResult
    public mutating func rename(_ reference: String, to name: String) throws(SectionEditError) -> String {
        let (i, section) = try self.section(reference)
        try checkName(name, except: i)
        sections[i].name = name
        if settings.lastSection == section.name { settings.lastSection = name }
        return section.name
    }

    /// Moves a section to `position` (1-based), shifting the others.
    public mutating func move(_ reference: String, to position: Int) throws(SectionEditError) {
        let (i, section) = try self.section(reference)
        guard position >= 1, position <= sections.count else {
            throw SectionEditError("position \(position) is out of range: there " +
                (sections.count == 1 ? "is 1 section" : "are \(sections.count) sections"))
        }
        sections.remove(at: i)
        sections.insert(section, at: position - 1)
    }

    /// Moves one end of a section by `step` (negative: earlier), rounded to the nearest frame
    /// the same way in both directions; returns the section as it was and as it is.
    @discardableResult
    public mutating func nudge(_ reference: String, _ edge: SectionEdge, by step: SourceTime)
        throws(SectionEditError) -> (before: Section, after: Section) {
        let (i, before) = try self.section(reference)
        let magnitude = SourceTime(microseconds: abs(step.microseconds)).frame(rate: rate)
        let delta = step.microseconds < 0 ? -magnitude : magnitude
        var after = before
        switch edge {
        case .start: after.start += delta
        case .end: after.end += delta
        }
        try checkRange(before.name, after.start, after.end)
        sections[i] = after
        return (before, after)
    }

    /// Replaces a section's plan.
    public mutating func setPlan(_ reference: String, _ plan: RepeatPlan) throws(SectionEditError) {
        let (i, _) = try self.section(reference)
        sections[i].plan = plan
    }

    /// Merges sections by name: one with the name of an existing section replaces it in its
    /// place; the others are added at the end, in their order. Returns each name and whether
    /// it replaced one. Throws, changing nothing, when one does not fit the audio or a name
    /// is given twice.
    public mutating func merge(_ incoming: [Section]) throws(SectionEditError) -> [(name: String, replaced: Bool)] {
        var result = self
        var report: [(name: String, replaced: Bool)] = []
        for (k, s) in incoming.enumerated() {
            if incoming[..<k].contains(where: { $0.name == s.name }) {
                throw SectionEditError("'\(s.name)' is given twice")
            }
            if let problem = PracticeFile.nameProblem(s.name) { throw SectionEditError(problem) }
            try checkRange(s.name, s.start, s.end)
            if let i = result.sections.firstIndex(where: { $0.name == s.name }) {
                result.sections[i] = s
                report.append((s.name, true))
            } else {
                result.sections.append(s)
                report.append((s.name, false))
            }
        }
        self = result
        return report
    }

    func checkName(_ name: String, except index: Int?) throws(SectionEditError) {
        if let problem = PracticeFile.nameProblem(name) { throw SectionEditError(problem) }
        if let other = sections.firstIndex(where: { $0.name == name }), other != index {
            throw SectionEditError("there is already a section named '\(name)' (number \(other + 1))")
        }
    }

    func checkRange(_ name: String, _ start: Int64, _ end: Int64) throws(SectionEditError) {
        func time(_ frame: Int64) -> SourceTime { SourceTime.of(frame: frame, rate: rate) }
        guard start >= 0 else { throw SectionEditError("'\(name)' would start before the audio does (at \(time(start)))") }
        guard end <= frames else {
            throw SectionEditError("'\(name)' would end at \(time(end)), past the end of the audio (\(time(frames)))")
        }
        guard end != start else { throw SectionEditError("'\(name)' would be empty: it starts and ends at \(time(start))") }
        guard end > start else {
            throw SectionEditError("'\(name)' would end (\(time(end))) before it starts (\(time(start)))")
        }
    }
}
