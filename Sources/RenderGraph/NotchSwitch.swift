import Synchronization

/// The notch on or off while a session plays (a key, a MIDI mapping, a remote): the control
/// thread sets it (`toggle`), the render thread reads it once at the top of each block, and
/// `SwitchedBiquadChain` crossfades to it over `SwitchedBiquadChain.crossfadeSeconds`. Shared by every
/// connection's filter, so it stays as it is across a reconnect. Any thread.
public final class NotchSwitch: Sendable {
    private let on: Atomic<Bool>

    public init(on: Bool = true) {
        self.on = Atomic(on)
    }

    /// True while the notch is wanted on.
    public var isOn: Bool { on.load(ordering: .acquiring) }

    /// Turns the notch off if on, on if off; returns whether it is now on. Control thread.
    @discardableResult
    public func toggle() -> Bool {
        on.logicalXor(true, ordering: .acquiringAndReleasing).newValue
    }
}
