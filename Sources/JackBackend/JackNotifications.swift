import RenderGraph

/// What `JackBackend` asks of the app, on the control thread only: the notification side of
/// the backend (rust-jack's `NotificationHandler` is the model). The process side is concrete:
/// `RenderContext`, a final class holding the `Renderer` this handler builds, which the JACK
/// callbacks call each cycle without an existential or an unspecialised generic in between.
/// Conformers need not be thread-safe: nothing here runs on a JACK thread.
public protocol JackNotifications: AnyObject {
    /// Bars before JACK bar 1 (a tempo map's count-in): transport frame 0 is the first bar
    /// after them. Read at each connection.
    var countInBars: Int { get }

    /// A (new) connection runs at `rate` frames a second: the renderer for its process
    /// callback. The previous connection's callbacks no longer touch its renderer.
    func makeRenderer(rate: Int) throws -> Renderer

    /// Whether JACK transport rolls, several times a second while connected.
    func transportRolling(_ rolling: Bool)

    /// The transport's timebase master's tempo (thousandths of a quarter-note BPM) and meter,
    /// several times a second while connected in follow mode and a master publishes them.
    func follow(milliBPM: Int64, beats: Int, denominator: Int)
}
