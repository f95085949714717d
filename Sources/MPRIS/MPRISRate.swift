import Engine

/// `Rate`, `MinimumRate` and `MaximumRate`, and setting `Rate` as an action: the player's speed,
/// or the metronome's tempo over its tempo at the start. Rate 0 pauses (MPRIS's rule); a rate
/// outside the range is taken as its nearest end. Any thread (pure functions).
public enum MPRISRate {
    /// `Rate`, `MinimumRate`, `MaximumRate` of `state` (1, 1, 1 when it has no rate).
    public static func values(_ state: MPRISState) -> (rate: Double, minimum: Double, maximum: Double) {
        switch state.rate {
        case .speed(let t, let range)?:
            (Double(t) / 1000, Double(range.lowerBound) / 1000, Double(range.upperBound) / 1000)
        case .tempo(let m, let start, let range)?:
            (Double(m) / Double(start), Double(range.lowerBound) / Double(start), Double(range.upperBound) / Double(start))
        case nil:
            (1, 1, 1)
        }
    }

    /// The action that sets `Rate` to `rate`; nil when nothing changes or it cannot be set.
    public static func action(set rate: Double, in state: MPRISState) -> Action? {
        guard rate.isFinite, let r = state.rate else { return nil }
        if rate <= 0 { return .stop }
        switch r {
        case .speed(let t, let range):
            let v = min(max(Int((rate * 1000).rounded()), range.lowerBound), range.upperBound)
            return v == t ? nil : .speedStep(thousandths: v - t)
        case .tempo(let m, let start, let range):
            let v = min(max(Int64((rate * Double(start)).rounded()), range.lowerBound), range.upperBound)
            return v == m ? nil : .setTempo(milliBPM: v)
        }
    }
}
