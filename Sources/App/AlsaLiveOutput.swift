import AlsaBackend
import Control
import Engine
import RenderGraph

/// A live session on the ALSA backend: its graphs are built as on JACK (`SessionJackLink`'s
/// `makeGraph`: the session's renderer, the mode's parts, a `--for` fade under way), and its
/// status is shown in JACK's terms where they apply (rate, period as the buffer size, xruns).
/// The first event says what ALSA has not (transport, JACK MIDI, port connections). Control thread.
public final class AlsaLiveOutput: LiveOutput {
    public let backend: AlsaBackend
    private let link: SessionJackLink
    private var notes: [String]

    /// `notes`: events shown before the backend's own (the auto choice's "no JACK server").
    public init(options: AlsaBackend.Options, session: LiveSession?, parts: OutputParts = OutputParts(),
                fade: RunningFade? = nil, notes: [String] = []) {
        // ALSA has no input port: no capture in its graphs.
        var parts = parts
        parts.capture = nil
        let link = SessionJackLink(session: session, parts: parts, fade: fade)
        self.link = link
        backend = AlsaBackend(options: options, makeGraph: { try link.makeGraph(rate: $0) })
        self.notes = notes + [Self.unavailable]
    }

    /// What the ALSA backend has not, said on screen once.
    public static let unavailable = "on ALSA: no JACK transport, JACK MIDI or port connections (MIDI in: --midi-in alsa:NAME)"

    /// Opens the device and starts the write loop (`AlsaError` when it cannot).
    public func start() throws { try backend.start() }

    public var status: OutputStatus {
        let a = backend.status
        var s = OutputStatus()
        s.connected = a.running
        s.server = a.device
        s.rate = a.rate
        s.bufferSize = a.periodFrames
        s.xruns = a.xruns
        return s
    }

    public var events: [String] { notes + backend.events }

    public var backendLine: String? {
        backend.status.running ? backend.status.summary : "ALSA '\(backend.status.device)' stopped"
    }

    public func tick(now: Double) { backend.tick(now: now) }

    @discardableResult
    public func stop(timeout: Double) -> Bool { backend.stop(timeout: timeout) }

    public func scopeSnapshot() -> ScopeSnapshot? { backend.scopeSnapshot() }
    public var noiseFrames: Int64? { backend.noiseFrames }
    public var counters: RenderCounters? { backend.counters }
}
