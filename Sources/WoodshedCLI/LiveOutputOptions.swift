import ArgumentParser
import Jobs

/// The output options of every live command (`click`, `noise`, `play`, `shadow`, `playlist
/// play`): JACK ports, client and server, the backend, `--for`, and remote control (OSC, klick's
/// namespace and Woodshed's, docs/remote-control.md; MPRIS, docs/mpris.md). Checked by the
/// command with the request's `check`. Main thread.
struct LiveOutputOptions: ParsableArguments {
    @Option(name: .long, parsing: .singleValue,
            help: "Connect the click port (noise: music_L and music_R) to this JACK port (repeat for more, or comma-separated). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Flag(name: .long, help: "Do not connect any port; leave routing to you.") var noConnect = false
    @Option(name: .customLong("jack-name"), help: "JACK client name (JACK may rename it if taken).") var jackName = "woodshed"
    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?
    @Option(name: .long, help: "Audio output: auto (a running JACK server, else ALSA), jack or alsa.") var backend: String = "auto"
    @Option(name: .customLong("alsa-device"), help: "The ALSA PCM to play on with the ALSA backend, e.g. hw:1, plughw:1,0, pipewire.")
    var alsaDevice: String = "default"
    @Option(name: .customLong("for"), parsing: .unconditional, help: "Stop after this long, e.g. 90s, 10m, 1h30m (at most 24h).")
    var duration: String?
    @Option(name: .long, help: ArgumentHelp("Listen for OSC on this UDP port (klick's /klick/… and /woodshed/…; see docs/remote-control.md).", valueName: "port"))
    var osc: UInt16?
    @Option(name: .customLong("osc-bind"), help: ArgumentHelp("Listen for OSC on this address instead of 127.0.0.1 (OSC has no authentication).", valueName: "addr"))
    var oscBind: String?
    @Flag(name: .customLong("no-mpris"), help: "Do not show this session to the desktop's media controls (MPRIS on the D-Bus session bus).")
    var noMPRIS = false
    @Option(name: .customLong("mpris-step"), help: ArgumentHelp("BPM that the media keys' Next/Previous add to or take from the click's tempo (default 1).", valueName: "bpm"))
    var mprisStep: Double = 1

    /// The options as a request for the live start-ups.
    var request: LiveOutputRequest {
        LiveOutputRequest(connect: connect, noConnect: noConnect, jackName: jackName, server: server, backend: backend,
                          alsaDevice: alsaDevice, duration: duration, mpris: !noMPRIS, mprisStep: mprisStep, oscPort: osc, oscBind: oscBind)
    }
}
