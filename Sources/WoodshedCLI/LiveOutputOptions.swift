import ArgumentParser
import Jobs

/// The output options of every live command (`click`, `noise`, `play`, `shadow`, `playlist
/// play`): JACK ports, client and server, the backend, `--for`, and remote control (OSC, klick's
/// namespace and Woodshed's, docs/remote-control.md; MPRIS, docs/mpris.md). Checked by the
/// command with the request's `check`. Main thread.
struct LiveOutputOptions: ParsableArguments {
    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(OptionHelp.connect)) var connect: [String] = []
    @Flag(name: .long, help: "Do not connect any port; leave routing to you.") var noConnect = false
    @Option(name: .customLong("jack-name"), help: "JACK client name (JACK may rename it if taken).") var jackName = "woodshed"
    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?
    @Option(name: .long, help: "Audio output: auto (a running JACK server, else ALSA), jack or alsa.") var backend: String = "auto"
    @Option(name: .customLong("alsa-device"), help: ArgumentHelp(OptionHelp.alsaDevice)) var alsaDevice: String = "default"
    @Option(name: .customLong("for"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.duration)) var duration: String?
    @Option(name: .long, help: ArgumentHelp(OptionHelp.osc, valueName: "port")) var osc: UInt16?
    @Option(name: .customLong("osc-bind"), help: ArgumentHelp(OptionHelp.oscBind, valueName: "addr")) var oscBind: String?
    @Flag(name: .customLong("no-mpris"), help: ArgumentHelp(OptionHelp.noMPRIS)) var noMPRIS = false
    @Option(name: .customLong("mpris-step"), help: ArgumentHelp(OptionHelp.mprisStep, valueName: "bpm")) var mprisStep: Double = 1

    /// The options as a request for the live start-ups.
    var request: LiveOutputRequest {
        LiveOutputRequest(connect: connect, noConnect: noConnect, jackName: jackName, server: server, backend: backend,
                          alsaDevice: alsaDevice, duration: duration, mpris: !noMPRIS, mprisStep: mprisStep, oscPort: osc, oscBind: oscBind)
    }
}
