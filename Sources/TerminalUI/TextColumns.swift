/// Fitting text into terminal columns. Any thread (pure functions).
///
/// Every `Character` counts as one column: the layout only uses single-width characters
/// (ASCII, "·", "—", block and box-drawing characters). Control characters in text from
/// elsewhere (a message, a server name) are shown as spaces so they cannot move the cursor.
enum TextColumns {
    /// The columns `text` takes.
    static func count(_ text: String) -> Int { text.count }

    /// `text` without control characters, cut to at most `width` columns.
    static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var out = ""
        for c in text.prefix(width) {
            out.append(isControl(c) ? " " : c)
        }
        return out
    }

    /// `text` fitted and centred in `width` columns (padded on the left only).
    static func centered(_ text: String, width: Int) -> String {
        let fitted = fit(text, width: width)
        return String(repeating: " ", count: (width - fitted.count) / 2) + fitted
    }

    /// Rows centred as one block: every row moves right by the same amount.
    static func centered(block rows: [String], width: Int) -> [String] {
        let blockWidth = rows.map(count).max() ?? 0
        let indent = String(repeating: " ", count: max(0, (width - blockWidth) / 2))
        return rows.map { fit(indent + $0, width: width) }
    }

    /// `text` padded with spaces on the right to `width` columns (never cut).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func isControl(_ c: Character) -> Bool {
        c.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }
}
