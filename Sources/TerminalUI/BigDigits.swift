/// Large digits for the tempo and the clock, 5 rows tall, drawn with full blocks. Any thread (pure).
///
/// Digits are 4 columns wide, the decimal point and the colon 2; glyphs are separated by one space.
/// Characters without a glyph are drawn as 4 blank columns.
public enum BigDigits {
    /// Rows in every glyph.
    public static let height = 5

    static let glyphs: [Character: [String]] = [
        "0": ["████", "█  █", "█  █", "█  █", "████"],
        "1": ["  █ ", " ██ ", "  █ ", "  █ ", " ███"],
        "2": ["████", "   █", "████", "█   ", "████"],
        "3": ["████", "   █", " ███", "   █", "████"],
        "4": ["█  █", "█  █", "████", "   █", "   █"],
        "5": ["████", "█   ", "████", "   █", "████"],
        "6": ["████", "█   ", "████", "█  █", "████"],
        "7": ["████", "   █", "  █ ", " █  ", " █  "],
        "8": ["████", "█  █", "████", "█  █", "████"],
        "9": ["████", "█  █", "████", "   █", "████"],
        ".": ["  ", "  ", "  ", "  ", "██"],
        ":": ["  ", "██", "  ", "██", "  "],
    ]

    static let blank = Array(repeating: "    ", count: height)

    /// The 5 rows of one character's glyph (blank for characters without one).
    public static func glyph(for character: Character) -> [String] {
        glyphs[character] ?? blank
    }

    /// `text` in big digits: 5 rows of equal width, glyphs separated by one space.
    public static func render(_ text: String) -> [String] {
        (0..<height).map { row in
            text.map { glyph(for: $0)[row] }.joined(separator: " ")
        }
    }
}
