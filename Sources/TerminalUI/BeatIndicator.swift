/// The row of boxes, one per beat of the bar, with the current beat marked or lit.
/// Any thread (pure).
///
/// Lit and unlit differ in the characters drawn, not in escape codes, so every column counts:
///
///     tall (3 rows):  other ┌───┐  current ┌───┐  lit beat ┏━━━┓  lit accent █████
///                           │   │          │ █ │           ┃███┃             █████
///                           └───┘          └───┘           ┗━━━┛             █████
///     one row:        other [ ]    current [▄]    lit beat [█]     lit accent ███
///     narrow:         other ·      current ▄      lit beat █       lit accent █
///
/// The widest style that fits the width is used; a bar too long even for the narrow style is cut.
public enum BeatIndicator {
    /// A drawing style: the box for each kind of beat, and the gap between boxes.
    struct Style: Sendable {
        let other: [String], current: [String], litBeat: [String], litAccent: [String]
        let gap: String

        var rows: Int { other.count }
        var cellWidth: Int { other[0].count }

        func width(beats: Int) -> Int { beats * cellWidth + max(0, beats - 1) * gap.count }

        func box(isCurrent: Bool, flash: Flash) -> [String] {
            guard isCurrent else { return other }
            switch flash {
            case .none: return current
            case .beat: return litBeat
            case .accent: return litAccent
            }
        }
    }

    static let tall = Style(
        other: ["┌───┐", "│   │", "└───┘"], current: ["┌───┐", "│ █ │", "└───┘"],
        litBeat: ["┏━━━┓", "┃███┃", "┗━━━┛"], litAccent: ["█████", "█████", "█████"], gap: " ")
    static let oneRow = Style(other: ["[ ]"], current: ["[▄]"], litBeat: ["[█]"], litAccent: ["███"], gap: " ")
    static let narrow = Style(other: ["·"], current: ["▄"], litBeat: ["█"], litAccent: ["█"], gap: " ")
    static let narrowest = Style(other: ["·"], current: ["▄"], litBeat: ["█"], litAccent: ["█"], gap: "")

    /// The indicator's rows for `beatsPerBar` beats with `beat` (1-based; 0 for none) current,
    /// lit as `flash` says, at most `width` columns wide. `tall` allows the 3-row boxes.
    public static func rows(beat: Int, beatsPerBar: Int, flash: Flash, width: Int, tall allowTall: Bool) -> [String] {
        let beats = max(0, beatsPerBar)
        let styles = allowTall ? [tall, oneRow, narrow, narrowest] : [oneRow, narrow, narrowest]
        let style = styles.first { $0.width(beats: beats) <= width } ?? narrowest
        let boxes = (0..<beats).map { style.box(isCurrent: $0 + 1 == beat, flash: flash) }
        return (0..<style.rows).map { row in
            TextColumns.fit(boxes.map { $0[row] }.joined(separator: style.gap), width: width)
        }
    }
}
