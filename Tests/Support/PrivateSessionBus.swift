import Foundation

/// A D-Bus session bus of our own: `dbus-daemon --session --nofork --print-address`, listening
/// on a socket in /tmp. Any thread (set once by `init`). Started by `init`, stopped by its PID in
/// `stop()` and in `deinit`; the desktop's session bus, if there is one, is never touched.
/// Give `environment` to every program that should see this bus (woodshed, playerctl).
public final class PrivateSessionBus: @unchecked Sendable {
    /// The bus address (`unix:path=/tmp/dbus-…,guid=…`).
    public let address: String
    private let daemon: Process

    /// `DBUS_SESSION_BUS_ADDRESS` for this bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Starts the daemon and waits (up to 10 s) for the address it prints.
    public init() throws {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        daemon.standardInput = FileHandle.nullDevice
        try daemon.runWithSignalsUnblocked()
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("unix:") else {
            PrivateJackServer.terminate(daemon)
            throw JackToolError("dbus-daemon --session printed no address: '\(text)'")
        }
        address = text
    }

    deinit { stop() }

    /// Stops the daemon by its PID (SIGTERM, then SIGKILL after 5 s).
    public func stop() {
        PrivateJackServer.terminate(daemon)
    }
}
