import Glibc
import Testing
@testable import TerminalUI

@Suite("The terminal writer, without a terminal")
struct TerminalTests {
    @Test("on pipes it changes nothing, reports 80 × 24, draws nothing and restores twice")
    func notATerminal() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        do {
            let terminal = Terminal(input: ends[0], output: ends[1])
            #expect(!terminal.isFullScreen)
            #expect(!terminal.isRaw)
            #expect(terminal.size == Terminal.Size(columns: 80, rows: 24))
            terminal.draw(["BPM 120 · 4/4 · bar 1.0 · stopped"])
            terminal.restore()
            terminal.restore()
        }
        var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 0)  // nothing was written
    }

    @Test("the emergency sequence resets colours, shows the cursor and leaves the alternate screen")
    func emergencySequence() {
        let sequence = Terminal.emergencyRestoreSequence
        let bytes = Array(UnsafeBufferPointer(start: sequence.utf8Start, count: sequence.utf8CodeUnitCount))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test("a frame addresses each row, erases the rest of short rows and everything below")
    func frameBytes() {
        let bytes = ScreenFrame.bytes(["BPM 120", "12345678", "cut off here"], columns: 8, rows: 5)
        let e = "\u{1B}["
        #expect(String(decoding: bytes, as: UTF8.self)
            == e + "?2026h" + e + "HBPM 120" + e + "K" + e + "2;1H12345678" + e + "3;1Hcut off " + e + "4;1H" + e + "J" + e + "?2026l")
    }

    @Test("a frame taller than the terminal is cut; control characters become spaces")
    func frameCut() {
        let bytes = ScreenFrame.bytes(["a\u{1B}b", "second", "third"], columns: 4, rows: 1)
        let e = "\u{1B}["
        #expect(String(decoding: bytes, as: UTF8.self) == e + "?2026h" + e + "Ha b" + e + "K" + e + "?2026l")
    }
}
