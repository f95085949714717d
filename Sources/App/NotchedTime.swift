/// How long the notch was on (`--notch`; key f switches it off and on) since the last `take`:
/// the practice log's `notched` time. Positions are any count that grows with time — the
/// control loop's milliseconds (`play`), frames of noise played (`noise`). Control thread
/// (owned by a controller).
public struct NotchedTime: Sendable, Equatable {
    private var on: Bool
    private var last: Int64
    private var total: Int64 = 0

    /// The notch `on` or not at `position`.
    public init(on: Bool, at position: Int64) {
        self.on = on
        last = position
    }

    /// Counts up to `position` with the notch as it was.
    public mutating func advance(to position: Int64) {
        if on { total += max(position - last, 0) }
        last = max(position, last)
    }

    /// Moves to `position` without counting (paused time).
    public mutating func skip(to position: Int64) {
        last = max(position, last)
    }

    /// The notch switched `on` (or off) at `position`.
    public mutating func switched(on: Bool, at position: Int64) {
        advance(to: position)
        self.on = on
    }

    /// The time the notch was on up to `position` since the last take; counts afresh from there.
    public mutating func take(at position: Int64) -> Int64 {
        advance(to: position)
        defer { total = 0 }
        return total
    }
}
