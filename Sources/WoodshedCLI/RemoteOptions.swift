import ArgumentParser

/// The remote-control options of the live commands: `--osc PORT` and `--osc-bind ADDR` (OSC,
/// klick's namespace and Woodshed's; docs/remote-control.md) and `--no-mpris` (the desktop's
/// media keys, lock screen, `playerctl`; docs/mpris.md). Main thread.
struct RemoteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Listen for OSC on this UDP port (klick's /klick/… and /woodshed/…; see docs/remote-control.md).", valueName: "port"))
    var osc: UInt16?

    @Option(name: .customLong("osc-bind"), help: ArgumentHelp("Listen for OSC on this address instead of 127.0.0.1 (OSC has no authentication).", valueName: "addr"))
    var oscBind: String?

    @Flag(name: .customLong("no-mpris"), help: "Do not show this session to the desktop's media controls (MPRIS on the D-Bus session bus).")
    var noMPRIS = false

    @Option(name: .customLong("mpris-step"), help: ArgumentHelp("BPM that the media keys' Next/Previous add to or take from the click's tempo (default 1).", valueName: "bpm"))
    var mprisStep: Double = 1

    /// `--mpris-step` in thousandths of a BPM.
    var mprisStepMilliBPM: Int64 { Int64((mprisStep * 1000).rounded()) }

    func validate() throws {
        if !(mprisStep.isFinite && mprisStep >= 0.001 && mprisStep <= 100) {
            throw ValidationError("--mpris-step must be 0.001–100 BPM, not \(mprisStep)")
        }
        if osc == 0 { throw ValidationError("--osc must be a UDP port 1–65535, not 0") }
        if oscBind != nil && osc == nil { throw ValidationError("--osc-bind needs --osc PORT") }
    }
}
