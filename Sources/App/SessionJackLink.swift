import Control
import Engine
import JackBackend
import RenderGraph

/// The live session's side of JACK: builds each connection's output graph (the metronome's
/// renderer, if the mode has one, and the `parts` the mode asks for, taking up a `--for` fade
/// already under way) and hands the metronome the transport's state (`JackBackend`'s
/// notification handler). Control thread only.
public final class SessionJackLink: JackNotifications {
    /// The metronome's session; nil in a mode without one (noise, the clock, the match).
    public let session: LiveSession?
    public let parts: OutputParts
    /// The `--for` fade-out, which a new connection takes up where it has got to.
    public var fade: RunningFade?

    public init(session: LiveSession?, parts: OutputParts = OutputParts(), fade: RunningFade? = nil) {
        self.session = session
        self.parts = parts
        self.fade = fade
    }

    /// The tempo map's count-in (a plain click has none in transport modes).
    public var countInBars: Int { session?.mapPlan?.countInBars ?? 0 }

    public func makeGraph(rate: Int) throws -> OutputGraph {
        let renderer = try session?.makeRenderer(rate: rate)
        if let fade, let renderer, let session { fade.resume(renderer: renderer, volume: session.settings.volume, rate: rate) }
        let deck = try parts.makeDeck?(rate)
        if let fade, let deck { fade.resume(deck: deck, rate: rate) }
        return try parts.graph(rate: rate, renderer: renderer, deck: deck)
    }

    public func transportRolling(_ rolling: Bool) { session?.transportRolling(rolling) }

    public func follow(milliBPM: Int64, beats: Int, denominator: Int) {
        session?.follow(milliBPM: milliBPM, beats: beats, denominator: denominator)
    }
}

extension JackBackend {
    /// The backend for a live session: its graphs hold `session`'s renderer and `parts` (with
    /// `fade` taken up on each new connection); the session sends its transport requests (follow
    /// and master modes) to this backend.
    public convenience init(options: Options, session: LiveSession?, parts: OutputParts = OutputParts(),
                            fade: RunningFade? = nil) {
        self.init(options: options, notifications: SessionJackLink(session: session, parts: parts, fade: fade))
        session?.transport = self
    }
}
