/// How the tempo moves through one entry of a tempo map. Any thread.
public enum TempoCurve: Hashable, Sendable {
    /// One tempo for the whole entry.
    case constant(Tempo)
    /// klick's `T1-T2`: tempo linear in beat position x over the entry's N beats,
    /// T(x) = T1 + (T2 − T1)·x/N.
    case ramp(from: Tempo, to: Tempo)
    /// klick's `t1,t2,...`: one tempo per beat.
    case perBeat([Tempo])

    /// klick's `T1-T2` as it plays: a ramp, or one constant tempo when both ends are equal
    /// (a "ramp" from 80 to 80 is 80 throughout).
    public static func from(_ t1: Tempo, to t2: Tempo) -> TempoCurve {
        t1 == t2 ? .constant(t1) : .ramp(from: t1, to: t2)
    }

    public var startTempo: Tempo {
        switch self {
        case .constant(let t), .ramp(let t, _): t
        case .perBeat(let list): list[0]
        }
    }
}
