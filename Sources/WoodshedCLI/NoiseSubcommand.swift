import Jobs
import ArgumentParser
import RenderGraph

/// `woodshed noise COLOUR`: white, pink or brown noise live on music_L and music_R (or ALSA's two
/// channels), generated on the render thread, for a set time with a fade-out at the end. Main thread.
struct NoiseSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noise",
        abstract: "Play white, pink or brown noise live (on JACK, or ALSA without a JACK server), for a set time with a fade-out.",
        discussion: """
            Examples:
              woodshed noise pink --for 30m --fade 20s
              woodshed noise brown --level -24
              woodshed noise sleep                  # a preset: brown, 45 min, 2 min fade
              woodshed noise focus --for 50m        # options change a preset's settings
            With --for, the noise fades out over the last --fade (default 10 s, at most
            half the time) and woodshed quits when it has faded. Keys: q or Esc quit.
            Presets: focus, masking, practice-room, sleep (Presets/noise); your own are
            $XDG_CONFIG_HOME/woodshed/noise/NAME.json: see docs/noise-and-playlists.md.
            """)

    @Argument(help: "white, pink or brown, or a noise preset's name.", completion: .noise) var color: String
    // Values are taken as they are, even with a leading "-" (a level is negative), rather than
    // read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Level in dBFS RMS, -90 to -12 (default -18, or the preset's).") var level: Double?
    @Option(name: .customLong("for"), parsing: .unconditional, help: "Stop after this long, e.g. 90s, 10m, 1h30m, at most 24h (with a fade-out).")
    var duration: String?
    @Option(name: .long, parsing: .unconditional, help: "Fade-out at the end of --for: a time such as 20s (default 10s; 0 for none).")
    var fade: String?
    @Option(name: .long, help: "Play until this time of day (HH:MM), fading out over the last minute, while the alarms (woodshed alarm) ring.")
    var until: String?
    @Option(name: .long, parsing: .singleValue,
            help: "Connect music_L and music_R to these JACK ports (two, or comma-separated). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Flag(name: .long, help: "Do not connect the ports; leave routing to you.") var noConnect = false
    @OptionGroup var jack: JackServerOptions
    @OptionGroup(title: "Audio output") var output: BackendOptions
    @Flag(name: .long, help: "Show an oscilloscope and level meters of the output (key s turns them on and off).") var scope = false

    @Option(name: .customLong("notch"), help: NotchOption.help) var notch: String?

    @OptionGroup(title: "Remote control") var remote: RemoteOptions

    func validate() throws {
        if let level, !NoiseGenerator.levelRange.contains(level) { throw ValidationError(NoiseError.levelOutOfRange(level).description) }
        if let duration, DurationText.seconds(duration) == nil {
            throw ValidationError(DurationText.invalid("--for", duration))
        }
        if let fade, fade != "0", DurationText.seconds(fade) == nil {
            throw ValidationError("--fade takes a time such as 20s, or 0, not '\(fade)'")
        }
        if until != nil && duration != nil { throw ValidationError("give --for or --until, not both") }
        if noConnect && !connect.isEmpty { throw ValidationError("give --connect or --no-connect, not both") }
        _ = try NotchOption.parse(notch)
    }

    func run() throws {
        var launch = NoiseLaunch(color: color, level: level, duration: duration, fade: fade, connect: connect, noConnect: noConnect,
                                 jackName: jack.jackName, server: jack.server, scope: scope)
        launch.oscPort = remote.osc
        launch.oscBind = remote.oscBind
        launch.backend = output.choice
        launch.alsaDevice = output.alsaDevice
        launch.notch = try NotchOption.parse(notch)
        launch.until = until
        try usage { try launch.run() }
    }
}
