import ArgumentParser
import Jobs

/// `woodshed alarm ACTION ...`: the alarms of `$XDG_CONFIG_HOME/woodshed/alarms.json`, rung by a
/// running `woodshed clock` or `woodshed noise … --until`. Main thread.
struct AlarmSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm", help: .alarm,
        subcommands: [AlarmAdd.self, AlarmList.self, AlarmRemove.self, AlarmEnable.self, AlarmDisable.self, AlarmEdit.self,
                      AlarmInstallService.self])
}

/// The settings `alarm add` and `alarm edit` share. Main thread.
struct AlarmSettingOptions: ParsableArguments {
    @Option(name: .long, help: "Days: daily, weekdays, weekends, once, or days such as mon-fri or mon,wed,fri (default daily).") var days: String?
    @Option(name: .long, help: "A label shown when it rings.") var label: String?
    @Option(name: .long, help: "The sound: beep (default), white, pink, brown or a noise preset.", completion: .noise) var sound: String?
    @Option(name: .long, help: "Volume, 1% to 100% (default 80%).") var volume: String?
    @Option(name: .long, help: "Snooze length, 1m to 30m (default 9m).") var snooze: String?

    func settings(time: String?, after: String? = nil) -> AlarmActions.Settings {
        AlarmActions.Settings(time: time, after: after, days: days, label: label, sound: sound, volume: volume, snooze: snooze)
    }
}

/// The alarm `remove`, `enable`, `disable` and `edit` work on, checked. Main thread.
struct AlarmNumberArgument: ParsableArguments {
    @Argument(help: "The alarm's number in 'woodshed alarm list'.") var id: String

    func validate() throws { try usage { try AlarmActions.check(.init(), adding: false, id: id) } }
}

/// `add TIME` or `add --in DURATION`. Main thread.
struct AlarmAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", help: .alarmAdd)

    @Argument(help: "The time of day, HH:MM (24-hour), e.g. 07:00.") var time: String?
    @Option(name: .customLong("in"), help: "Instead of a time: ring once this long from now, e.g. 3s, 20m, 1h30m.") var after: String?
    @OptionGroup var options: AlarmSettingOptions

    func validate() throws { try usage { try AlarmActions.check(options.settings(time: time, after: after), adding: true) } }

    func run() throws { print(try usage { try AlarmActions().add(options.settings(time: time, after: after)) }) }
}

/// `list`. Main thread.
struct AlarmList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", help: .alarmList)

    func run() throws { print(try AlarmActions().list()) }
}

/// `remove ID`. Main thread.
struct AlarmRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", help: .alarmRemove)

    @OptionGroup var alarm: AlarmNumberArgument

    func run() throws { print(try usage { try AlarmActions().remove(alarm.id) }) }
}

/// `enable ID`. Main thread.
struct AlarmEnable: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", help: .alarmEnable)

    @OptionGroup var alarm: AlarmNumberArgument

    func run() throws { print(try usage { try AlarmActions().setEnabled(alarm.id, true) }) }
}

/// `disable ID`. Main thread.
struct AlarmDisable: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", help: .alarmDisable)

    @OptionGroup var alarm: AlarmNumberArgument

    func run() throws { print(try usage { try AlarmActions().setEnabled(alarm.id, false) }) }
}

/// `edit ID [--time HH:MM] [settings]`. Main thread.
struct AlarmEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", help: .alarmEdit)

    @OptionGroup var alarm: AlarmNumberArgument
    @Option(name: .long, help: "The new time of day, HH:MM (24-hour).") var time: String?
    @OptionGroup var options: AlarmSettingOptions

    func validate() throws { try usage { try AlarmActions.check(options.settings(time: time), adding: false) } }

    func run() throws { print(try usage { try AlarmActions().edit(alarm.id, options.settings(time: time)) }) }
}

/// `install-service`. Main thread.
struct AlarmInstallService: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "install-service", help: .alarmInstallService)

    func run() throws { print(try AlarmService().install()) }
}
