import ArgumentParser
import Jobs

/// `woodshed clock`: a full-screen clock that rings the alarms, with a sound until the next
/// one. Main thread.
struct ClockSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clock", help: .clock)

    @Option(name: .long, help: ArgumentHelp(OptionHelp.clockSound), completion: .noise) var sound: String?
    @Flag(name: .customLong("until-alarm"), help: "Stop the sound at the next alarm, fading it out over the last minute.") var untilAlarm = false
    @Flag(name: .customLong("24h"), help: "Show 24-hour time (default: as the locale does).") var twentyFourHours = false
    @Flag(name: .long, help: "No screen and no keys (for the systemd user unit): plain lines only.") var background = false
    @OptionGroup(title: "Output") var output: LiveOutputOptions

    /// The options as a launch.
    var launch: ClockLaunch {
        ClockLaunch(output: output.request, sound: sound, untilAlarm: untilAlarm, twentyFourHours: twentyFourHours, background: background)
    }

    func validate() throws { try usage { try launch.check() } }

    func run() throws { try usage { try launch.run() } }
}
