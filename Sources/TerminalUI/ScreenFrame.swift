/// The bytes that draw one frame of lines on a terminal. Any thread (pure).
///
/// Each line goes to its own row by cursor address (no newlines, so the last row never
/// scrolls), followed by erase-to-end-of-line unless it fills the row (erasing from the last
/// column would wipe that column's character); rows below the last line are erased. The frame
/// is wrapped in synchronized-update mode (2026), which terminals without it ignore, so it
/// never shows half drawn.
enum ScreenFrame {
    static let escape = "\u{1B}["

    /// The bytes for `lines` on a terminal of `columns` × `rows`; lines are cut to fit.
    static func bytes(_ lines: [String], columns: Int, rows: Int) -> [UInt8] {
        var frame = escape + "?2026h"
        let shown = lines.prefix(max(0, rows))
        for (index, line) in shown.enumerated() {
            let fitted = TextColumns.fit(line, width: columns)
            frame += escape + (index == 0 ? "H" : "\(index + 1);1H") + fitted
            if fitted.count < columns { frame += escape + "K" }
        }
        if shown.count < rows {
            frame += escape + (shown.isEmpty ? "H" : "\(shown.count + 1);1H") + escape + "J"
        }
        frame += escape + "?2026l"
        return Array(frame.utf8)
    }
}
