import WoodshedCore

/// Two programs saving one practice file: `woodshed play` open on a song while
/// `woodshed sections SONG add` runs in another terminal, or two `sections` commands at once.
/// Any thread (pure); `SectionStore.save(_:since:)` calls it with the store locked.
extension PracticeFile {
    /// This program's file (`self`), with what another program saved since `base` (the file
    /// as this one read it, or last saved it): for each section name, this program's section
    /// where it changed that section since `base` (added, edited, or removed it); else the
    /// section as it is on disk now (so another program's additions, edits and removals stay).
    /// The settings likewise, as a whole. The order is this program's, then the sections only
    /// on disk in their order there. Unchanged since `base`, the result is `disk`; with nobody
    /// else saving (`disk` is what this program last saved), it is `self`.
    public func merged(since base: PracticeFile, disk: PracticeFile) -> PracticeFile {
        let before = Dictionary(base.sections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let now = Dictionary(sections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let onDisk = Dictionary(disk.sections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        func kept(_ name: String) -> Section? {
            now[name] != before[name] ? now[name] : onDisk[name]
        }
        var result = self
        result.sections = sections.compactMap { kept($0.name) }
            + disk.sections.filter { now[$0.name] == nil }.compactMap { kept($0.name) }
        if settings == base.settings { result.settings = disk.settings }
        return result
    }
}
