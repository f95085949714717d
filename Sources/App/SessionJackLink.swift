import Control
import JackBackend
import RenderGraph

/// The live session's side of JACK: builds each connection's renderer from the session (taking
/// up a `--for` fade already under way) and hands it the transport's state (`JackBackend`'s
/// notification handler). Control thread only.
public final class SessionJackLink: JackNotifications {
    public let session: LiveSession
    /// The `--for` fade-out, which a new connection takes up where it has got to.
    public var fade: RunningFade?

    public init(session: LiveSession, fade: RunningFade? = nil) {
        self.session = session
        self.fade = fade
    }

    /// The tempo map's count-in (a plain click has none in transport modes).
    public var countInBars: Int { session.mapPlan?.countInBars ?? 0 }

    public func makeRenderer(rate: Int) throws -> Renderer {
        let renderer = try session.makeRenderer(rate: rate)
        fade?.resume(renderer: renderer, volume: session.settings.volume, rate: rate)
        return renderer
    }

    public func transportRolling(_ rolling: Bool) { session.transportRolling(rolling) }

    public func follow(milliBPM: Int64, beats: Int, denominator: Int) {
        session.follow(milliBPM: milliBPM, beats: beats, denominator: denominator)
    }
}

extension JackBackend {
    /// The backend for a live session: its renderers come from `session` (with `fade` taken up
    /// on each new connection), which sends its transport requests (follow and master modes)
    /// to this backend.
    public convenience init(options: Options, session: LiveSession, fade: RunningFade? = nil) {
        self.init(options: options, notifications: SessionJackLink(session: session, fade: fade))
        session.transport = self
    }
}
