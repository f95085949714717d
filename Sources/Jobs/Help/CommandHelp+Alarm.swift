/// The help of `woodshed alarm ACTION` and `clock`: alarms and the clock that rings them: the commands'
/// abstracts and discussions, and the help lines of their options too long for one line. Constants: any
/// thread.
extension CommandHelp {
    public static let alarm = CommandHelp(
        abstract: "Add, list, change and remove alarms (rung by woodshed clock or noise --until).",
        discussion: """
            Examples:
              woodshed alarm add 07:00 --days mon-fri --label work --snooze 9m
              woodshed alarm add 09:30 --days sat,sun --sound pink --volume 60%
              woodshed alarm add --in 20m --label tea
              woodshed alarm list
              woodshed alarm disable 2
              woodshed alarm edit 1 --time 06:45
              woodshed alarm install-service
            Alarms ring while 'woodshed clock' or 'woodshed noise ... --until HH:MM' runs
            (install-service runs the clock at login). Keys while one rings: s snooze,
            space stop; unanswered, it stops after 15 minutes.
            Saved in $XDG_CONFIG_HOME/woodshed/alarms.json (~/.config/...); each change
            keeps the version before as alarms.json.bak: see docs/alarms.md.
            """)
    public static let alarmAdd = CommandHelp(abstract: "Add an alarm at a time of day, or --in a time from now.")
    public static let alarmList = CommandHelp(abstract: "List the alarms, with the next time each rings.")
    public static let alarmRemove = CommandHelp(abstract: "Remove an alarm (the file before is kept as alarms.json.bak).")
    public static let alarmEnable = CommandHelp(abstract: "Turn an alarm on.")
    public static let alarmDisable = CommandHelp(abstract: "Turn an alarm off (it is kept).")
    public static let alarmEdit = CommandHelp(abstract: "Change an alarm's time, days, label, sound, volume or snooze.")
    public static let alarmInstallService = CommandHelp(
        abstract: "Write a systemd user unit that runs 'woodshed clock --background' at login.")
    public static let clock = CommandHelp(
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
}

extension OptionHelp {
    public static let clockSound = "Play this sound (white, pink, brown, a noise preset or a sound of the catalog: woodshed sounds list) while the clock runs."
}
