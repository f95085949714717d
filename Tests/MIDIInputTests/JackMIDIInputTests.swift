import Foundation
import Testing
import WoodshedTestSupport
@testable import MIDIInput

/// Whether a program is in PATH.
func installed(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
}

/// A private JACK server with `jack_midiseq NAME 24000 0 60 4800 12000 64 4800` on it: at
/// 48 kHz a half-second loop, C4 (60) held 0.1 s from the loop's start, E4 (64) held 0.1 s from
/// 0.25 s. jack_midiseq sends note-on as 90 nn 40 and note-off as 80 nn 40.
final class SequencedNotes {
    static let noteOn60: [UInt8] = [0x90, 60, 0x40], noteOff60: [UInt8] = [0x80, 60, 0x40]
    static let noteOn64: [UInt8] = [0x90, 64, 0x40], noteOff64: [UInt8] = [0x80, 64, 0x40]
    /// One loop, from its start.
    static let loop = [noteOn60, noteOff60, noteOn64, noteOff64]
    /// Seconds from each message of `loop` to the next one.
    static let gaps = [0.1, 0.15, 0.1, 0.15]

    let server: PrivateJackServer
    let sequencer: Process
    let name: String

    init(name: String) throws {
        self.name = name
        server = try PrivateJackServer(rate: 48_000, period: 256)
        sequencer = try server.spawn("jack_midiseq", [name, "24000", "0", "60", "4800", "12000", "64", "4800"])
        let server = server
        guard PrivateJackServer.wait(timeout: 10, until: { server.ports().contains("\(name):out") }) else {
            throw JackToolError("jack_midiseq did not come up: \(server.output(of: sequencer))")
        }
    }

    deinit {
        PrivateJackServer.terminate(sequencer)
        server.stop()
    }

    /// Runs `body` with this process's JACK_DEFAULT_SERVER set to the private server (RtMidi's
    /// JACK backend connects in-process, and takes the server name only from there) and
    /// JACK_NO_START_SERVER=1; puts both back afterwards. Keep `body` short: the environment
    /// is the whole process's, and children other tests start meanwhile inherit it (RtMidi
    /// connects to JACK only when created, so only creating the input needs it).
    func withServerEnvironment<T>(_ body: () throws -> T) throws -> T {
        let keys = ["JACK_DEFAULT_SERVER", "JACK_NO_START_SERVER"]
        let old = keys.map { getenv($0).map { String(cString: $0) } }
        setenv("JACK_DEFAULT_SERVER", server.name, 1)
        setenv("JACK_NO_START_SERVER", "1", 1)
        defer {
            for (key, value) in zip(keys, old) {
                if let value { setenv(key, value, 1) } else { unsetenv(key) }
            }
        }
        return try body()
    }
}

/// Everything `input` receives within `seconds`, polling as the control thread would.
func receive(from input: RtMidiInput, for seconds: Double) -> [RawMIDIEvent] {
    var events: [RawMIDIEvent] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        while let e = input.tryReceive() { events.append(e) }
        usleep(2_000)
    }
    while let e = input.tryReceive() { events.append(e) }
    return events
}

@Suite("RtMidi input from a real JACK MIDI sender (jack_midiseq)", .serialized,
       .enabled(if: installed("jackd") && installed("jack_midiseq")))
struct JackMIDIInputTests {
    @Test("the sequenced notes arrive in order as note-on/note-off with the right bytes and gaps",
          .timeLimit(.minutes(1)))
    func notesArrive() throws {
        let notes = try SequencedNotes(name: "wsseq")
        let ports = try notes.withServerEnvironment { RtMidiInput.ports(api: .jack) }
        #expect(ports == .success(["wsseq:out"]))
        let input = try notes.withServerEnvironment {
            try RtMidiInput(api: .jack, port: "WSSEQ", clientName: "ws-rtmidi-test")
        }
        #expect(input.portName == "wsseq:out")
        #expect(input.libraryOutput == "")
        let events = receive(from: input, for: 1.4)
        #expect(input.close() == "")
        #expect(input.dropped == 0)

        #expect(events.first?.timestamp == 0)  // RtMidi: the first message has no previous one
        let start = try #require(events.firstIndex { $0.bytes == SequencedNotes.noteOn60 })
        let fromLoopStart = Array(events[start...])
        #expect(fromLoopStart.count >= 4)
        #expect(fromLoopStart.map(\.bytes) == fromLoopStart.indices.map { SequencedNotes.loop[$0 % 4] })
        // RtMidi's time stamp: seconds since the previous message, read from the wall clock when
        // its process callback runs (JACK cycles of 5.3 ms; seen here: within 5 ms). On a loaded
        // machine a callback can run late (35 ms seen with both cores busy), which shortens the
        // next stamp by as much: each stamp within 50 ms, and half of them within 10 ms.
        var errors: [Double] = []
        for i in 1..<fromLoopStart.count {
            let gap = SequencedNotes.gaps[(i - 1) % 4]
            errors.append(abs(fromLoopStart[i].timestamp - gap))
            #expect(errors.last! < 0.05, "message \(i): \(fromLoopStart[i].timestamp) s after the previous, expected \(gap) s")
        }
        #expect(errors.count >= 3 && errors.sorted()[errors.count / 2] < 0.01, "errors \(errors)")
    }

    @Test("after close() the input is quiet, and closing again does nothing")
    func closeTwice() throws {
        let notes = try SequencedNotes(name: "wsclose")
        let input = try notes.withServerEnvironment {
            try RtMidiInput(api: .jack, port: "wsclose:out", clientName: "ws-rtmidi-close")
        }
        #expect(input.isOpen)
        input.close()
        #expect(!input.isOpen)
        #expect(input.close() == "")
        // Nothing more arrives: watched for 0.3 s, two or three of the sequencer's messages (one
        // every 0.1–0.15 s), each of which an open input would have received.
        usleep(300_000)
        #expect(input.tryReceive() == nil)
        #expect(input.dropped == 0)
    }

    @Test("a port can be chosen by its number, as ports(api:) lists them")
    func byNumber() throws {
        let notes = try SequencedNotes(name: "wsnum")
        let input = try notes.withServerEnvironment {
            try RtMidiInput(api: .jack, port: "0", clientName: "ws-rtmidi-num")
        }
        #expect(input.portName == "wsnum:out")
        let events = receive(from: input, for: 0.6)
        #expect(events.count >= 3)
        #expect(events.allSatisfy { SequencedNotes.loop.contains($0.bytes) })
    }

    @Test("a device that is not there: the error lists the ports there are, by number")
    func noSuchPort() throws {
        let notes = try SequencedNotes(name: "wsnone")
        try notes.withServerEnvironment {
            #expect(throws: MIDIInputError.noMatchingPort(.jack, requested: "nanoKONTROL2", available: ["wsnone:out"], libraryOutput: "")) {
                _ = try RtMidiInput(api: .jack, port: "nanoKONTROL2", clientName: "ws-rtmidi-none")
            }
            #expect(throws: MIDIInputError.noMatchingPort(.jack, requested: "1", available: ["wsnone:out"], libraryOutput: "")) {
                _ = try RtMidiInput(api: .jack, port: "1", clientName: "ws-rtmidi-none")
            }
        }
    }

    @Test("a full ring keeps the oldest messages and counts the ones it drops")
    func fullRing() throws {
        let notes = try SequencedNotes(name: "wsfull")
        let input = try notes.withServerEnvironment {
            try RtMidiInput(api: .jack, port: "wsfull", clientName: "ws-rtmidi-full", capacity: 2)
        }
        // Until the ring of two has dropped three messages (they come every 0.1–0.15 s).
        #expect(Poll.until(timeout: 10) { input.dropped >= 3 })
        var kept: [RawMIDIEvent] = []
        while let e = input.tryReceive() { kept.append(e) }
        let dropped = input.dropped
        input.close()
        #expect(kept.count == 2)
        #expect(dropped >= 3)
        let first = try #require(SequencedNotes.loop.firstIndex(of: kept[0].bytes))
        #expect(kept[1].bytes == SequencedNotes.loop[(first + 1) % 4])
    }
}
