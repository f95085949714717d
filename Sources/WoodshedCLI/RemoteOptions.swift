import ArgumentParser

/// The remote-control options of the live commands (MPRIS: the desktop's media keys, lock
/// screen, `playerctl`). Main thread.
struct RemoteOptions: ParsableArguments {
    @Flag(name: .customLong("no-mpris"), help: "Do not show this session to the desktop's media controls (MPRIS on the D-Bus session bus).")
    var noMPRIS = false
}
