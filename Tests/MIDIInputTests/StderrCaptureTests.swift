import Foundation
import Testing
@testable import MIDIInput

/// The device and inode fd 2 points to, to tell whether it was put back.
func standardErrorIdentity() -> [UInt64] {
    var s = stat()
    fstat(STDERR_FILENO, &s)
    return [UInt64(s.st_dev), UInt64(s.st_ino)]
}

/// Writes `text` to fd 2 with write(2), as C and C++ libraries do (no Swift buffering).
func writeToFD2(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

@Suite("Keeping library noise off the screen", .serialized)
struct StderrCaptureTests {
    @Test("200 kB written to fd 2 with write(2) come back whole (no pipe to fill), and fd 2 is put back")
    func largeWrite() {
        let before = standardErrorIdentity()
        let text = (0..<200_000).map { i in UInt8(ascii: "a") + UInt8(i % 26) }
        let (written, printed) = StderrCapture.run {
            text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        #expect(written == 200_000)
        #expect(printed.utf8.count == 200_000)
        #expect(Array(printed.utf8) == text)
        #expect(standardErrorIdentity() == before)
    }

    @Test("a capture inside a capture gets only its own text; the outer one gets the rest")
    func nested() {
        let (inner, outer) = StderrCapture.run { () -> String in
            writeToFD2("outer 1\n")
            let (_, inner) = StderrCapture.run { writeToFD2("inner\n") }
            writeToFD2("outer 2\n")
            return inner
        }
        #expect(inner == "inner\n")
        #expect(outer == "outer 1\nouter 2\n")
    }

    @Test("a body that throws still puts fd 2 back")
    func throwing() {
        struct Boom: Error {}
        let before = standardErrorIdentity()
        #expect(throws: Boom.self) {
            _ = try StderrCapture.run { () throws(Boom) in
                writeToFD2("lost\n")
                throw Boom()
            }
        }
        #expect(standardErrorIdentity() == before)
    }

    @Test("while the display runs, what another thread prints goes to the log file; after restore() it does not")
    func redirectToLog() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-stderr-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let before = standardErrorIdentity()
        // The outer capture holds StderrCapture's lock throughout (the redirect re-enters it on
        // this thread), so captures in tests running alongside wait instead of taking fd 2.
        let (_, afterRestore) = try StderrCapture.run { () throws(StderrRedirect.OpenError) in
            let redirect = try StderrRedirect(appendingTo: log)
            let thread = Thread { writeToFD2("MidiInAlsa::alsaMidiHandler: unknown MIDI input error!\n") }
            thread.start()
            while !thread.isFinished { usleep(1_000) }
            redirect.restore()
            redirect.restore()
            writeToFD2("after\n")
        }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "MidiInAlsa::alsaMidiHandler: unknown MIDI input error!\n")
        #expect(afterRestore == "after\n")
        #expect(standardErrorIdentity() == before)
    }

    @Test("a log file that cannot be written is a clear error, and fd 2 stays put")
    func unwritableLog() {
        let before = standardErrorIdentity()
        #expect(throws: StderrRedirect.OpenError(path: "/nonexistent/woodshed.log", reason: "No such file or directory")) {
            _ = try StderrRedirect(appendingTo: "/nonexistent/woodshed.log")
        }
        // A FIFO there (with no reader) is refused at once, not waited on.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-stderr-\(getpid()).fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        defer { unlink(fifo) }
        #expect(throws: StderrRedirect.OpenError(path: fifo, reason: "No such device or address")) {
            _ = try StderrRedirect(appendingTo: fifo)
        }
        #expect(StderrRedirect.OpenError(path: "/x/y.log", reason: "Permission denied").description
                == "cannot write the log file /x/y.log: Permission denied")
        #expect(standardErrorIdentity() == before)
    }
}
