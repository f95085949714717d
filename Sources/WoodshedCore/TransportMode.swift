/// How the click relates to JACK transport. Any thread.
public enum TransportMode: String, Sendable, CaseIterable {
    /// The click runs on its own (space starts it from bar 1).
    case free
    /// Follows start/stop/locate and tempo/meter of the transport and its timebase master.
    case follow
    /// Becomes timebase master (only if none exists) and publishes bar/beat/tick.
    case master
}
