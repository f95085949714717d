/// How loud a step of a pattern sounds. Any thread.
///
/// Pattern letters: `X` accent, `x` normal, `o` subdivision, `.` silent.
public enum ClickLevel: UInt8, Sendable, CaseIterable {
    case silent = 0, accent = 1, normal = 2, subdivision = 3

    public init?(letter: Character) {
        switch letter {
        case "X": self = .accent
        case "x": self = .normal
        case "o": self = .subdivision
        case ".": self = .silent
        default: return nil
        }
    }

    public var letter: Character {
        switch self {
        case .accent: "X"
        case .normal: "x"
        case .subdivision: "o"
        case .silent: "."
        }
    }
}
