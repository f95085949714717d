import Control
import JackBackend
import RenderGraph

/// The live session's side of JACK: builds each connection's output graph (the session's
/// renderer, and the `parts` the mode asks for) and hands the session the transport's state
/// (`JackBackend`'s notification handler). Control thread only.
public final class SessionJackLink: JackNotifications {
    public let session: LiveSession
    public let parts: OutputParts

    public init(session: LiveSession, parts: OutputParts = OutputParts()) {
        self.session = session
        self.parts = parts
    }

    /// The tempo map's count-in (a plain click has none in transport modes).
    public var countInBars: Int { session.mapPlan?.countInBars ?? 0 }

    public func makeGraph(rate: Int) throws -> OutputGraph {
        OutputGraph(renderer: try session.makeRenderer(rate: rate), deck: try parts.makeDeck?(rate),
                    noise: try parts.makeNoise?(rate), scope: parts.scope ? ScopeTap.allocate(ports: 3, rate: rate) : nil)
    }

    public func transportRolling(_ rolling: Bool) { session.transportRolling(rolling) }

    public func follow(milliBPM: Int64, beats: Int, denominator: Int) {
        session.follow(milliBPM: milliBPM, beats: beats, denominator: denominator)
    }
}

extension JackBackend {
    /// The backend for a live session: its graphs hold `session`'s renderer and `parts`; the
    /// session sends its transport requests (follow and master modes) to this backend.
    public convenience init(options: Options, session: LiveSession, parts: OutputParts = OutputParts()) {
        self.init(options: options, notifications: SessionJackLink(session: session, parts: parts))
        session.transport = self
    }
}
