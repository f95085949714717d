import RenderGraph

/// The `--for` fade-out across JACK connections: when it began on the control loop's clock and
/// how long it lasts. A connection made while it runs (the server came back mid-fade) takes it
/// up at the point the clock has reached, instead of playing at full level until the end.
/// Control thread.
public final class RunningFade {
    private let clock: ControlClock
    /// When the fade began (the clock's seconds); nil until it does.
    public private(set) var began: Double?
    /// How long it lasts.
    public private(set) var seconds = 0.0

    /// `clock`: the control loop's (a `MonotonicClock` reads the same time as any other).
    public init(clock: ControlClock = MonotonicClock()) { self.clock = clock }

    /// The fade begins now and lasts `seconds`.
    public func begin(seconds: Double) {
        began = clock.seconds
        self.seconds = seconds
    }

    /// Where the fade has got to: the seconds of it passed (at most its length); nil before it
    /// begins.
    public var passed: Double? {
        guard let began, seconds > 0 else { return nil }
        return min(max(clock.seconds - began, 0), seconds)
    }

    /// Takes the fade up on a new connection's click renderer at `rate`, before it runs: its
    /// master volume at the level reached (× `volume`, the click's own) and a linear fade over
    /// what is left. Frame k after the reconnect then has the gain the fade gives it:
    /// (L − P − k) / L = ((L − P) / L) · (L − P − k) / (L − P). Does nothing before the fade.
    public func resume(renderer: Renderer, volume: Float, rate: Int) {
        guard let passed else { return }
        let length = frames(seconds, rate), done = min(frames(passed, rate), length)
        let level = length > 0 ? Float(length - done) / Float(length) : 0
        _ = renderer.commands.tryPush(.setMasterVolume(volume * level))
        _ = renderer.commands.tryPush(.fadeOut(frames: max(length - done, 1)))
    }

    /// Takes the fade up on a new connection's deck at `rate`, before it runs. Does nothing
    /// before the fade.
    public func resume(deck: MusicDeck, rate: Int) {
        guard let passed else { return }
        let length = max(frames(seconds, rate), 1)
        deck.resumeFadeOut(frames: length, done: min(frames(passed, rate), length))
    }

    private func frames(_ seconds: Double, _ rate: Int) -> Int64 { Int64((seconds * Double(rate)).rounded()) }
}
