import Control
import JackBackend
import RenderGraph

/// The live session's side of JACK: builds each connection's renderer from the session and
/// hands it the transport's state (`JackBackend`'s notification handler). Control thread only.
public final class SessionJackLink: JackNotifications {
    public let session: LiveSession

    public init(session: LiveSession) { self.session = session }

    /// The tempo map's count-in (a plain click has none in transport modes).
    public var countInBars: Int { session.mapPlan?.countInBars ?? 0 }

    public func makeRenderer(rate: Int) throws -> Renderer { try session.makeRenderer(rate: rate) }

    public func transportRolling(_ rolling: Bool) { session.transportRolling(rolling) }

    public func follow(milliBPM: Int64, beats: Int, denominator: Int) {
        session.follow(milliBPM: milliBPM, beats: beats, denominator: denominator)
    }
}

extension JackBackend {
    /// The backend for a live session: its renderers come from `session`, which sends its
    /// transport requests (follow and master modes) to this backend.
    public convenience init(options: Options, session: LiveSession) {
        self.init(options: options, notifications: SessionJackLink(session: session))
        session.transport = self
    }
}
