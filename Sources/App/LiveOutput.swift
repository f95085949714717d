import JackBackend
import RenderGraph

/// What a live session's loop needs of its audio output: JACK upkeep, status and events for
/// the screen, the scope and noise counters, and closing. `JackBackend` and `AlsaLiveOutput`
/// are two; tests use a stand-in. Control thread.
public protocol LiveOutput: AnyObject {
    /// The output's state, in the same words for every backend.
    var status: OutputStatus { get }
    /// Connection events, oldest first ("reconnected to JACK …").
    var events: [String] { get }
    /// Server loss, reconnects, transport: several times a second.
    func tick(now: Double)
    /// Closes the client (at quit), waiting at most `timeout` seconds (a server stopping at the
    /// same moment must not hold the quit); returns whether the close has returned.
    @discardableResult
    func stop(timeout: Double) -> Bool
    func scopeSnapshot() -> ScopeSnapshot?
    var noiseFrames: Int64? { get }
    var counters: RenderCounters? { get }
    /// The status line's backend part when it is not JACK's ("ALSA 'default' · 48000 Hz · …");
    /// nil: the JACK line from `status`.
    var backendLine: String? { get }
}

extension LiveOutput {
    public var backendLine: String? { nil }
}

extension JackBackend: LiveOutput {}
