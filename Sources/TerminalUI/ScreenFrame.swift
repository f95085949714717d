/// The bytes that draw one frame of lines on a terminal. Any thread (pure).
///
/// Each line goes to its own row by cursor address (no newlines, so the last row never
/// scrolls), followed by erase-to-end-of-line unless it fills the row (erasing from the last
/// column would wipe that column's character); rows below the last line are erased. The frame
/// is wrapped in synchronized-update mode (2026), which terminals without it ignore, so it
/// never shows half drawn.
/// A line that starts with `ScreenFrame.bold` or `ScreenFrame.dim` is drawn so (the marker takes
/// no column).
public enum ScreenFrame {
    static let escape = "\u{1B}["
    /// Line prefixes for styled lines (private-use characters, never in real text).
    public static let bold: Character = "\u{F8F0}"
    public static let dim: Character = "\u{F8F1}"

    /// The bytes for `lines` on a terminal of `columns` × `rows`; lines are cut to fit.
    static func bytes(_ lines: [String], columns: Int, rows: Int) -> [UInt8] {
        var frame = escape + "?2026h"
        let shown = lines.prefix(max(0, rows))
        for (index, line) in shown.enumerated() {
            var text = Substring(line)
            let style: String? = text.first == bold ? "1m" : text.first == dim ? "2m" : nil
            if style != nil { text = text.dropFirst() }
            let fitted = TextColumns.fit(String(text), width: columns)
            frame += escape + (index == 0 ? "H" : "\(index + 1);1H")
            frame += style.map { escape + $0 + fitted + escape + "0m" } ?? fitted
            if fitted.count < columns { frame += escape + "K" }
        }
        if shown.count < rows {
            frame += escape + (shown.isEmpty ? "H" : "\(shown.count + 1);1H") + escape + "J"
        }
        frame += escape + "?2026l"
        return Array(frame.utf8)
    }
}
