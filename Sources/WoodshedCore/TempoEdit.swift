/// One change to the live tempo — set it, or step it up or down — and the one clamp to
/// `Tempo.allowed`. The control thread (keys, OSC, `ctl`, MPRIS, RtMidi) and the render
/// thread's frame-exact JACK MIDI path apply the same edit to the tempo they hold, so both land
/// on the same value. A plain value: any thread; nothing here allocates or locks.
@frozen public enum TempoEdit: Sendable, Equatable, BitwiseCopyable {
    /// This tempo, in thousandths of a BPM.
    case set(milliBPM: Int64)
    /// Up (or, negative, down) by this many thousandths of a BPM.
    case step(milliBPM: Int64)

    /// The tempo after this edit of `current`, within `Tempo.allowed`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inlinable
    public func applied(to current: Int64) -> Int64 {
        switch self {
        case .set(let m): Self.clamped(m)
        case .step(let d): Self.clamped(current.addingReportingOverflow(d).overflow ? (d < 0 ? .min : .max) : current + d)
        }
    }

    /// `milliBPM` moved into `Tempo.allowed` (1–1000 BPM).
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inlinable
    public static func clamped(_ milliBPM: Int64) -> Int64 {
        milliBPM < Tempo.allowed.lowerBound ? Tempo.allowed.lowerBound
            : milliBPM > Tempo.allowed.upperBound ? Tempo.allowed.upperBound : milliBPM
    }
}
