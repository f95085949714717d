/// What MIDI may do on the render thread, by transport mode. Set on the control thread before
/// the renderer runs.
public enum MIDIPolicy: UInt8, Sendable, BitwiseCopyable {
    /// Free-running click: tempo, tap, start/stop and mute apply at the event's frame.
    case free
    /// Transport master: tempo, tap and mute apply at the frame; start/stop ask the transport.
    case master
    /// Transport follower: only mute applies; the rest is reported (the master sets the tempo).
    case follow
    /// `midi monitor` and `midi learn`: nothing applies, everything is reported.
    case monitor
    /// `woodshed play`: the rehearsal player takes start/stop/mute; nothing applies here, every
    /// mapped message goes to the control thread.
    case player
}
