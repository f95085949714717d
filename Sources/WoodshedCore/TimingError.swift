/// Why a tempo, meter, pattern or timeline could not be made. Any thread.
public enum TimingError: Error, Equatable, Sendable, CustomStringConvertible {
    case tempoOutOfRange(String)
    case notANumber(what: String, text: String)
    case tooPrecise(what: String, text: String)
    case badMeter(String)
    case badPattern(String)
    case badSubdivision(Int)
    case badBars(String)
    case tempoListLength(expected: Int, got: Int)
    case endlessNeedsLength
    case badTime(String)
    case badSpeed(String)
    case badGap(String)
    case badSection(String)

    public var description: String {
        switch self {
        case .tempoOutOfRange(let t): "tempo \(t) is out of range: use 1 to 1000 BPM"
        case .notANumber(let what, let text): "\(what) '\(text)' is not a number"
        case .tooPrecise(let what, let text): "\(what) '\(text)' has more than three decimal places"
        case .badMeter(let m): "meter '\(m)' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)"
        case .badPattern(let why): "pattern: \(why)"
        case .badSubdivision(let n): "subdivision \(n) is not valid: use 1 to 16 clicks per beat"
        case .badBars(let why): "bars: \(why)"
        case .tempoListLength(let e, let g): "number of tempo values (\(g)) doesn't match the number of beats (\(e))"
        case .endlessNeedsLength: "an endless click needs a length to render: give --bars or --seconds"
        case .badSpeed(let t): "speed '\(t)' is not valid: use 0.25 to 2.0 (or 25% to 200%), at most three decimals"
        case .badGap(let t): "gap '\(t)' is not valid: write a time (2s, 1500ms) or a multiple of the pass (1.5x)"
        case .badSection(let why): "section: \(why)"
        case .badTime(let t): "time '\(t)' is not valid: write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)"
        }
    }
}
