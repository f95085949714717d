/// A few lines of the screen that stay together, and how much they matter when the terminal
/// is short. Any thread (a plain value).
struct LayoutBlock {
    /// Where a block goes: the header at the very top, the body below it, the footer at the bottom.
    enum Place { case header, body, footer }

    var lines: [String]
    /// Blocks with the lowest priority are left out first when the height runs short.
    var priority: Int
    var place: Place

    /// An empty line that gives the screen some air; the first thing to go.
    static func spacer(_ priority: Int, _ place: Place = .body) -> LayoutBlock {
        LayoutBlock(lines: [""], priority: priority, place: place)
    }

    /// Exactly `height` lines: leaves out the least important blocks until the rest fit (the
    /// last of equal ones first), then fills the spare lines with blanks, a third of them
    /// between header and body, the rest between body and footer.
    static func stack(_ blocks: [LayoutBlock], height: Int) -> [String] {
        guard height > 0 else { return [] }
        var kept = blocks
        while kept.reduce(0, { $0 + $1.lines.count }) > height, !kept.isEmpty {
            let leastImportant = kept.indices.min { a, b in
                kept[a].priority < kept[b].priority || (kept[a].priority == kept[b].priority && a > b)
            }!
            kept.remove(at: leastImportant)
        }
        func lines(_ place: Place) -> [String] {
            kept.filter { $0.place == place }.flatMap(\.lines)
        }
        let header = lines(.header), body = lines(.body), footer = lines(.footer)
        let spare = max(0, height - header.count - body.count - footer.count)
        let blanksAbove = Array(repeating: "", count: spare / 3)
        let blanksBelow = Array(repeating: "", count: spare - spare / 3)
        let all = header + blanksAbove + body + blanksBelow + footer
        return Array(all.prefix(height))
    }
}
