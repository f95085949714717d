import ArgumentParser
import Jobs
import RenderGraph

/// Where the live player's sound goes and how long it runs: JACK ports, client and server
/// names, click sound, start paused, a time limit, stay open at the end. Shared by `play`,
/// `shadow` and `playlist play`. Main thread.
struct LivePlayOptions: ParsableArguments {
    @Option(name: .long, help: "Click sound: beep, woodblock, cowbell, clave, stick, hihat, square; or accent.wav,normal.wav.", completion: .sounds)
    var sound: String = "beep"
    @Option(name: .long, parsing: .unconditional, help: "Click volume, 0 to 4 (1 = unity).") var volume: Float = 1
    @Option(name: .long, parsing: .singleValue,
            help: "Connect the click port to this JACK port (repeat for more). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Option(name: .customLong("music-connect"), parsing: .singleValue,
            help: "Connect music_L and music_R to these JACK ports (two, or comma-separated). Default: the first two physical playback ports.")
    var musicConnect: [String] = []
    @Flag(name: .long, help: "Do not connect any port; leave routing to you.") var noConnect = false
    @OptionGroup var jack: JackServerOptions
    @OptionGroup(title: "Audio output") var output: BackendOptions
    @Option(name: .customLong("for"), parsing: .unconditional, help: "Stop after this long, e.g. 90s, 10m, 1h30m (at most 24h).")
    var duration: String?
    @Flag(name: .long, help: "Start paused (space, or a MIDI toggle, plays).") var pause = false
    @Flag(name: .customLong("keep-open"), help: "Stay open when the program has played to its end (space plays the section again).")
    var keepOpen = false
    @Option(name: .customLong("notch"), help: NotchOption.help) var notch: String?
    @Flag(name: .long, help: "Show an oscilloscope and level meters of the output (key s turns them on and off).") var scope = false

    @OptionGroup(title: "Remote control") var remote: RemoteOptions

    func validate() throws {
        if noConnect && !(connect.isEmpty && musicConnect.isEmpty) { throw ValidationError("give --connect/--music-connect or --no-connect, not both") }
        if let duration, DurationText.seconds(duration) == nil { throw ValidationError(DurationText.invalid("--for", duration)) }
        try jack.checkName()
        _ = try NotchOption.parse(notch)
        guard (0...4).contains(volume) else { throw ValidationError("--volume \(volume) is out of range: use 0 to 4") }
    }

    /// The options as a request for `PlayLaunch`.
    var request: LivePlayOutput {
        var r = LivePlayOutput(sound: sound, volume: volume, connect: connect, musicConnect: musicConnect, noConnect: noConnect,
                               jackName: jack.jackName, server: jack.server, duration: duration, pause: pause, keepOpen: keepOpen,
                               scope: scope, mpris: !remote.noMPRIS, oscPort: remote.osc, oscBind: remote.oscBind)
        r.backend = output.choice
        r.alsaDevice = output.alsaDevice
        r.notch = try? NotchOption.parse(notch)  // checked by validate()
        return r
    }
}
