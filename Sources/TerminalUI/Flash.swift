/// How the current beat's box is lit. Any thread (a plain value).
public enum Flash: Sendable {
    /// Not lit: the current beat is marked, but quietly.
    case none
    /// Lit for a normal beat.
    case beat
    /// Lit for an accented beat (drawn solid).
    case accent
}
