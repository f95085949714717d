import Alarms
import Foundation
import Testing
import WoodshedTestSupport

/// logind cannot run here: a private dbus-daemon stands in for the system bus, with
/// Tests/Tools/login1_standin owning org.freedesktop.login1 (checked first with systemd-inhibit).
@Suite("The sleep inhibitor", .serialized)
struct SleepInhibitorTests {
    /// The stand-in on `bus`, its stdout read line by line.
    final class Standin {
        let process = Process()
        let lines = LineReader()

        init(bus: PrivateSessionBus) throws {
            try JackRecording.buildTools.get()
            process.executableURL = JackRecording.packageRoot.appendingPathComponent(".build/tools/login1_standin")
            process.environment = ["DBUS_SYSTEM_BUS_ADDRESS": bus.address]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.runWithSignalsUnblocked()
            lines.follow(out.fileHandleForReading)
            #expect(lines.next(within: 10) == "ready")
        }

        deinit { PrivateJackServer.terminate(process) }
    }

    /// Lines of a pipe, as they come. Any thread.
    final class LineReader: @unchecked Sendable {
        private let lock = NSCondition()
        private var buffer = Data()

        func follow(_ handle: FileHandle) {
            handle.readabilityHandler = { [weak self] h in
                let chunk = h.availableData
                guard let self, !chunk.isEmpty else { h.readabilityHandler = nil; return }
                lock.lock(); buffer.append(chunk); lock.broadcast(); lock.unlock()
            }
        }

        /// The next whole line, waiting up to `seconds`; nil when none came.
        func next(within seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            lock.lock()
            defer { lock.unlock() }
            while true {
                if let i = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<i], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...i)
                    return line
                }
                if !lock.wait(until: deadline) { return nil }
            }
        }
    }

    @Test("systemd-inhibit takes and releases a sleep inhibitor from the stand-in (the stand-in is right)")
    func standinAgainstSystemdInhibit() throws {
        let bus = try PrivateSessionBus()
        let standin = try Standin(bus: bus)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-inhibit")
        p.arguments = ["--what=sleep", "--mode=block", "--who=check", "--why=stand-in", "/bin/true"]
        p.environment = ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
        try p.runWithSignalsUnblocked()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(standin.lines.next(within: 10) == "inhibit sleep|check|stand-in|block")
        #expect(standin.lines.next(within: 10) == "released check")
    }

    @Test("woodshed holds a sleep inhibitor while an alarm is to come and releases it after")
    func holdsAndReleases() throws {
        let bus = try PrivateSessionBus()
        let standin = try Standin(bus: bus)
        var warnings: [String] = []
        let inhibitor = SleepInhibitor(busAddress: bus.address) { warnings.append($0) }
        #expect(inhibitor.hold(why: "an alarm at 07:00"))
        #expect(inhibitor.isHeld)
        #expect(standin.lines.next(within: 10) == "inhibit sleep|Woodshed|an alarm at 07:00|block")
        #expect(inhibitor.hold(why: "again"))   // held already: no second call
        inhibitor.release()
        #expect(!inhibitor.isHeld)
        #expect(standin.lines.next(within: 10) == "released Woodshed")
        #expect(standin.lines.next(within: 0.5) == nil)
        #expect(warnings == [])
    }

    @Test("without logind it says once that it is not reachable, and carries on")
    func notReachable() throws {
        let bus = try PrivateSessionBus()   // a bus, but nobody owns org.freedesktop.login1
        var warnings: [String] = []
        let inhibitor = SleepInhibitor(busAddress: bus.address) { warnings.append($0) }
        #expect(!inhibitor.hold(why: "an alarm at 07:00"))
        #expect(!inhibitor.hold(why: "an alarm at 07:00"))
        #expect(warnings == ["Warning: logind is not reachable (org.freedesktop.DBus.Error.ServiceUnknown): the computer may go to sleep before the alarm"])
        var noBus: [String] = []
        let none = SleepInhibitor(busAddress: "unix:path=/nonexistent/woodshed-test-bus") { noBus.append($0) }
        #expect(!none.hold(why: "x"))
        #expect(noBus == ["Warning: logind is not reachable (no system bus: No such file or directory): the computer may go to sleep before the alarm"])
    }
}
