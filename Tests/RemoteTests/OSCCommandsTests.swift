import Control
import Engine
import MIDI
import Remote
import Testing

@Suite("/woodshed/<action> is the MIDI map's action table, with its arguments checked")
struct OSCCommandsTests {
    func command(_ address: String, _ args: [OSCArgument] = []) throws -> OSCCommand? {
        try OSCCommands.command(for: OSCMessage(address, args), now: 12.5)
    }

    @Test("tempo, meter, transport and player actions become the same actions a pedal gives")
    func actions() throws {
        #expect(try command("/woodshed/tempo-set", [.float(132)])?.action == .setTempo(milliBPM: 132_000))
        #expect(try command("/woodshed/tempo-set", [.int32(97)])?.action == .setTempo(milliBPM: 97_000))
        #expect(try command("/woodshed/tempo-up")?.action == .tempoStep(milliBPM: 1_000))
        #expect(try command("/woodshed/tempo-down", [.double(2.5)])?.action == .tempoStep(milliBPM: -2_500))
        #expect(try command("/woodshed/meter-next")?.action == .beatsPerBarStep(1))
        #expect(try command("/woodshed/toggle")?.action == .toggleRunning)
        #expect(try command("/woodshed/volume-down")?.action == .volumeStep(-0.1))
        #expect(try command("/woodshed/count-in", [.int32(2)])?.action == .countIn(bars: 2))
        #expect(try command("/woodshed/preset", [.string("ballad")])?.action == .loadPreset("ballad"))
        #expect(try command("/woodshed/tap")?.action == .tap(at: 12.5))
        #expect(try command("/woodshed/quit")?.action == .quit)
        let next = try command("/woodshed/section-next")
        #expect(next == OSCCommand(.sectionStep(1), midi: .sectionNext, argument: 0))
        let slower = try command("/woodshed/speed-down", [.float(10)])
        #expect(slower == OSCCommand(.speedStep(thousandths: -100), midi: .speedDown, argument: 10))
        #expect(try command("/woodshed/speed-up")?.argument == 5)
    }

    @Test("the overview's and the learner's actions have their addresses, with no argument")
    func overviewAndLearner() throws {
        let expected: [(String, Action, MIDIAction)] = [
            ("section-cursor-next", .sectionCursorStep(1), .sectionCursorNext), ("section-cursor-prev", .sectionCursorStep(-1), .sectionCursorPrev),
            ("section-start-cursor", .startSectionAtCursor, .sectionStartCursor), ("reset", .reset, .reset),
            ("keep-loop", .keepLoop, .keepLoop), ("advance-mode", .cycleAdvance, .advanceMode),
            ("again-slower", .sectionAgainAtSpeed(thousandths: 850), .againSlower),
            ("again-faster", .sectionAgainAtSpeed(thousandths: 1150), .againFaster),
        ]
        for (name, action, midi) in expected {
            #expect(try command("/woodshed/" + name) == OSCCommand(action, midi: midi, argument: 0), "\(name)")
            #expect(OSCCommands.names.contains(name), "\(name)")
        }
        #expect(throws: OSCRefusal("/woodshed/reset takes no argument")) { try command("/woodshed/reset", [.int32(1)]) }
    }

    @Test("unknown actions are nil; wrong types and absurd values are refused in one line")
    func refusals() throws {
        #expect(try command("/woodshed/tempo-cc") == nil)
        #expect(try command("/woodshed/warp") == nil)
        #expect(try command("/klick/ping") == nil)
        #expect(throws: OSCRefusal("/woodshed/tempo-set 0: the tempo must be 1–1000 BPM")) { try command("/woodshed/tempo-set", [.float(0)]) }
        #expect(throws: OSCRefusal("/woodshed/tempo-set nan: not a number Woodshed can use")) {
            try command("/woodshed/tempo-set", [.float(.nan)])
        }
        #expect(throws: OSCRefusal("/woodshed/tempo-set needs a tempo in BPM (1–1000)")) { try command("/woodshed/tempo-set") }
        #expect(throws: OSCRefusal("/woodshed/tempo-set needs a tempo in BPM, not type 's'")) {
            try command("/woodshed/tempo-set", [.string("fast")])
        }
        #expect(throws: OSCRefusal("/woodshed/count-in 0: must be a whole number 1–16")) { try command("/woodshed/count-in", [.int32(0)]) }
        #expect(throws: OSCRefusal("/woodshed/count-in 1.5: must be a whole number 1–16")) { try command("/woodshed/count-in", [.float(1.5)]) }
        #expect(throws: OSCRefusal("/woodshed/start takes no argument")) { try command("/woodshed/start", [.int32(1)]) }
        #expect(throws: OSCRefusal("/woodshed/preset needs a preset name (s)")) { try command("/woodshed/preset") }
        #expect(throws: OSCRefusal("/woodshed/setlist-song needs a number (1–128)")) { try command("/woodshed/setlist-song") }
        #expect(throws: OSCRefusal("/woodshed/tempo-up takes at most one argument, not 2")) {
            try command("/woodshed/tempo-up", [.int32(1), .int32(2)])
        }
    }

    @Test("every action of the MIDI table but tempo-cc has an address, then quit")
    func names() {
        #expect(OSCCommands.names.count == MIDIAction.allCases.count)
        #expect(OSCCommands.names.first == "start" && OSCCommands.names.last == "quit")
        #expect(!OSCCommands.names.contains("tempo-cc"))
    }
}
