import Foundation
import Persistence

/// `woodshed alarm install-service`: a systemd user unit that runs `woodshed clock --background`
/// at login, so the alarms ring whenever the user is logged in. Main thread (it writes a file).
public struct AlarmService {
    /// The unit's file name.
    public static let unitName = "woodshed-clock.service"

    /// `$XDG_CONFIG_HOME/systemd/user` (`~/.config/systemd/user`).
    public let folder: URL
    /// The woodshed the unit runs (this one).
    public let executable: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: String = AlarmService.runningExecutable()) {
        let config = UserFolders.woodshed(.config, environment: environment).deletingLastPathComponent()
        folder = config.appendingPathComponent("systemd/user")
        self.executable = executable
    }

    /// This process's executable (`/proc/self/exe`).
    public static func runningExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The unit's text.
    public var unit: String {
        """
        [Unit]
        Description=Woodshed clock: rings the alarms of 'woodshed alarm'
        After=sound.target pipewire.service

        [Service]
        ExecStart=\(executable) clock --background
        Restart=on-failure
        RestartSec=10

        [Install]
        WantedBy=default.target

        """
    }

    /// Writes the unit (atomically) and says how to turn it on.
    public func install() throws -> String {
        let url = folder.appendingPathComponent(AlarmService.unitName)
        do throws(FileProblem) {
            try AtomicFile.write(Data(unit.utf8), to: url)
        } catch {
            throw ValidationErrorMessage("can't write \(url.path): \(error.reason(forFile: url.path))")
        }
        return "wrote \(url.path)\nturn it on with: systemctl --user daemon-reload && systemctl --user enable --now \(AlarmService.unitName)"
    }
}
