import Glibc
import Testing
@testable import TerminalUI

@Suite("Reading keys from a file descriptor")
struct KeyInputTests {
    /// A pipe standing in for the terminal: keys are written to `write`, read from `read`.
    final class Pipe {
        let read: Int32, write: Int32
        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) } }
        private var writing = true
        func closeWriting() {
            if writing { close(write) }
            writing = false
        }
        deinit { close(read); closeWriting() }
    }

    @Test("keys already waiting are read and decoded at once")
    func waitingKeys() {
        let pipe = Pipe()
        let input = KeyInput(fileDescriptor: pipe.read)
        pipe.send([0x1B] + Array("[Aq ".utf8))
        #expect(input.poll(timeoutMilliseconds: 1000) == [.up, .char("q"), .space])
    }

    @Test("nothing typed: an empty list after the timeout")
    func nothing() {
        let pipe = Pipe()
        let input = KeyInput(fileDescriptor: pipe.read)
        #expect(input.poll(timeoutMilliseconds: 5) == [])
        #expect(!input.reachedEnd)
    }

    @Test("a lone ESC with nothing after it is Escape within the same poll")
    func loneEscape() {
        let pipe = Pipe()
        let input = KeyInput(fileDescriptor: pipe.read)
        pipe.send([0x1B])
        #expect(input.poll(timeoutMilliseconds: 1000) == [.escape])
    }

    @Test("closed input: reachedEnd, and polls return nothing")
    func endOfInput() {
        let pipe = Pipe()
        let input = KeyInput(fileDescriptor: pipe.read)
        pipe.send(Array("q".utf8))
        pipe.closeWriting()
        #expect(input.poll(timeoutMilliseconds: 1000) == [.char("q")])
        #expect(input.poll(timeoutMilliseconds: 1000) == [])
        #expect(input.reachedEnd)
        #expect(input.poll(timeoutMilliseconds: 1) == [])
    }
}
