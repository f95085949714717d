import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed alarm …` on a folder of the test's own (`XDG_CONFIG_HOME`), no clock running.
@Suite("woodshed alarm: adding, listing, changing and removing alarms")
struct AlarmCommandTests {
    let warning = "Warning: no 'woodshed clock' or 'woodshed noise … --until' runs, so no alarm rings: start one, "
        + "or run 'woodshed alarm install-service' to have the clock run at login\n"

    func environment(_ dir: URL) throws -> [String: String] {
        let runtime = dir.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path, "XDG_RUNTIME_DIR": runtime.path, "TZ": "UTC"]
    }

    @Test("add warns that nothing rings; list, edit, disable and remove say what they did; the file keeps a backup")
    func lifecycle() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try environment(dir)
        func woodshed(_ args: String...) throws -> E2E.Result { try E2E.run(E2E.woodshed, args, environment: env) }

        var r = try woodshed("alarm", "list")
        #expect(r.status == 0 && r.stdout == "no alarms (add one with: woodshed alarm add 07:00)\n")
        r = try woodshed("alarm", "add", "07:00", "--days", "mon-fri", "--label", "work")
        #expect(r.status == 0 && r.stderr == warning)
        #expect(r.stdout.hasPrefix("added alarm 1: 07:00 mon-fri \"work\" · beep 80 % · snooze 9 min · next "), "\(r.stdout)")
        r = try woodshed("alarm", "add", "09:30", "--days", "sat,sun", "--sound", "pink", "--volume", "60%", "--snooze", "15m")
        #expect(r.status == 0 && r.stdout.hasPrefix("added alarm 2: 09:30 sat,sun · pink 60 % · snooze 15 min · next "), "\(r.stdout)")
        r = try woodshed("alarm", "edit", "1", "--time", "06:45", "--volume", "50")
        #expect(r.status == 0 && r.stdout.hasPrefix("changed alarm 1: 06:45 mon-fri \"work\" · beep 50 % · snooze 9 min · next "), "\(r.stdout)")
        r = try woodshed("alarm", "disable", "2")
        #expect(r.status == 0 && r.stdout == "disabled alarm 2: 09:30 sat,sun · pink 60 % · snooze 15 min · off\n")
        r = try woodshed("alarm", "list")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("1  06:45 mon-fri \"work\" · beep 50 % · snooze 9 min · next ")
                && lines[1] == "2  09:30 sat,sun · pink 60 % · snooze 15 min · off", "\(r.stdout)")
        r = try woodshed("alarm", "remove", "1")
        #expect(r.status == 0 && r.stdout == "removed alarm 1: 06:45 mon-fri \"work\" (the file before is kept as alarms.json.bak)\n")
        r = try woodshed("alarm", "remove", "7")
        #expect(r.status != 0 && r.stderr == "Error: there is no alarm 7: the alarms are 2\n")
        let file = dir.appendingPathComponent("config/woodshed/alarms.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            {
              "schemaVersion": 1,
              "alarms": [
                {"id": 2, "time": "09:30", "days": "sat,sun", "label": "", "sound": "pink", "volume": 60, "snoozeMinutes": 15, "enabled": false}
              ]
            }

            """)
        #expect(FileManager.default.fileExists(atPath: file.path + ".bak"))
    }

    @Test("bad values are one line naming the option and what it takes")
    func badValues() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try environment(dir)
        func error(_ args: String...) throws -> String {
            let r = try E2E.run(E2E.woodshed, args, environment: env)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            return String(r.stderr.split(separator: "\n").first ?? "")
        }
        #expect(try error("alarm", "add", "07:00", "--snooze", "31m") == "Error: --snooze takes whole minutes from 1m to 30m, not '31m'")
        #expect(try error("alarm", "add", "07:00", "--volume", "120%") == "Error: --volume takes a percentage from 1% to 100%, not '120%'")
        #expect(try error("alarm", "add", "7h") == "Error: '7h' is not a time of day: write HH:MM (24-hour), such as 07:00 or 18:30")
        // A usage error names its own command's usage, not the top-level one.
        for (args, usage) in [(["alarm", "add", "25:00"], "Usage: woodshed alarm add [<time>]"), (["alarm", "remove", "x"], "Usage: woodshed alarm remove <id>"),
                              (["alarm", "edit", "1", "--snooze", "0m"], "Usage: woodshed alarm edit <id>"),
                              (["noise", "pink", "--until", "25:00"], "Usage: woodshed noise [<options>]")] {
            let r = try E2E.run(E2E.woodshed, args, environment: env)
            #expect(r.status == 64 && r.stderr.split(separator: "\n").dropFirst().first?.hasPrefix(usage) == true, "\(args): \(r.stderr)")
        }
        #expect(try error("alarm", "add", "07:00", "--days", "funday")
                == "Error: --days takes daily, weekdays, weekends, once, or days and ranges such as mon-fri or mon,wed,fri, not 'funday'")
        #expect(try error("alarm", "add", "07:00", "--sound", "gong").hasPrefix("Error: --sound: 'gong' is not a sound: use beep, white, pink, brown"))
        #expect(try error("alarm", "add") == "Error: give the alarm's time (such as 07:00) or --in DURATION")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("config/woodshed/alarms.json").path))
    }

    @Test("install-service writes a systemd user unit that runs this woodshed's clock in the background")
    func installService() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try environment(dir)
        let r = try E2E.run(E2E.woodshed, ["alarm", "install-service"], environment: env)
        let unit = dir.appendingPathComponent("config/systemd/user/woodshed-clock.service")
        #expect(r.status == 0 && r.stdout == "wrote \(unit.path)\n"
                + "turn it on with: systemctl --user daemon-reload && systemctl --user enable --now woodshed-clock.service\n")
        let text = try String(contentsOf: unit, encoding: .utf8)
        let binary = URL(fileURLWithPath: E2E.woodshed).resolvingSymlinksInPath().path
        #expect(text.contains("\nExecStart=\(binary) clock --background\n") && text.contains("\nWantedBy=default.target\n"), "\(text)")
    }
}
