import Foundation

/// `--levels`: the volumes of accent, normal and subdivision clicks. Any thread.
public enum ClickLevels {
    /// "1,0.8,0.5" → (1, 0.8, 0.5); one or two values fill the rest (a missing subdivision is
    /// the normal's); nil → (1, 1, 1). Each 0 to 4.
    public static func volumes(_ text: String?) throws(OptionProblem) -> (accent: Float, normal: Float, subdivision: Float) {
        guard let text else { return (1, 1, 1) }
        let v = text.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...3).contains(v.count), v.allSatisfy({ $0 != nil && (0...4).contains($0!) }) else {
            throw OptionProblem("--levels '\(text)' is not valid: give 1 to 3 volumes from 0 to 4, e.g. 1,0.8,0.5")
        }
        let f = v.map { $0! }
        return (f[0], f.count > 1 ? f[1] : 1, f.count > 2 ? f[2] : (f.count > 1 ? f[1] : 1))
    }

    /// `--volume`: the master volume, 0 to 4 (1 = unity).
    public static func checkVolume(_ volume: Float) throws(OptionProblem) {
        if !(0...4).contains(volume) { throw OptionProblem("--volume \(volume) is out of range: use 0 to 4") }
    }
}
