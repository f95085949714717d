import ArgumentParser
import Jobs

/// `woodshed clock`: a full-screen clock that rings the alarms, with a sound until the next
/// one. Main thread.
struct ClockSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "A full-screen clock that rings the alarms (woodshed alarm), with a sound until the next one.",
        discussion: """
            Examples:
              woodshed clock
              woodshed clock --sound brown --until-alarm   # fades out over the last minute
              woodshed clock --24h
            Keys: s snooze (or a pedal), space stop the ringing alarm, q or Esc quit.
            An alarm rises over 30 s and stops by itself after 15 minutes unanswered.
            Alarms that came while the computer slept are told when it wakes.
            See docs/alarms.md.
            """)

    @Option(name: .long, help: "Play this sound (white, pink, brown or a noise preset) while the clock runs.", completion: .noise)
    var sound: String?
    @Flag(name: .customLong("until-alarm"), help: "Stop the sound at the next alarm, fading it out over the last minute.")
    var untilAlarm = false
    @Flag(name: .customLong("24h"), help: "Show 24-hour time (default: as the locale does).") var twentyFourHours = false
    @Flag(name: .long, help: "No screen and no keys (for the systemd user unit): plain lines only.") var background = false
    @Option(name: .long, parsing: .singleValue,
            help: "Connect music_L and music_R to these JACK ports (two, or comma-separated). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Flag(name: .long, help: "Do not connect the ports; leave routing to you.") var noConnect = false
    @OptionGroup var jack: JackServerOptions
    @OptionGroup(title: "Audio output") var output: BackendOptions

    func validate() throws {
        if noConnect && !connect.isEmpty { throw ValidationError("give --connect or --no-connect, not both") }
        if untilAlarm && sound == nil { throw ValidationError("--until-alarm needs --sound NAME (the sound to play until the alarm)") }
    }

    func run() throws {
        var launch = ClockLaunch()
        launch.sound = sound
        launch.untilAlarm = untilAlarm
        launch.twentyFourHours = twentyFourHours
        launch.background = background
        launch.connect = connect
        launch.noConnect = noConnect
        launch.jackName = jack.jackName
        launch.server = jack.server
        launch.backend = output.choice
        launch.alsaDevice = output.alsaDevice
        try usage { try launch.run() }
    }
}
