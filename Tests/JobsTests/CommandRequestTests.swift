import Jobs
import Persistence
import RenderGraph
import Testing
import Foundation

/// What the command line used to work out itself, now in the requests it hands to Jobs: the
/// live player's JACK options, `--then-noise`, `render --noise`, `--levels`, the practice
/// values' first check, the presets' and MIDI ports' listings.
@Suite("Command requests: options turned into what the jobs run")
struct CommandRequestTests {
    private func output(connect: [String] = [], musicConnect: [String] = [], noConnect: Bool = false) -> LivePlayOutput {
        LivePlayOutput(sound: "beep", volume: 1, connect: connect, musicConnect: musicConnect, noConnect: noConnect,
                       jackName: "ws", server: "rehearsal", duration: "90s", pause: false, keepOpen: false, scope: false)
    }

    @Test("the live player's JACK options: repeated and comma-separated ports in order, none given is the default, the scope always tapped")
    func jackOptions() {
        let o = output(connect: ["system:playback_1,system:playback_2", "x:in"], musicConnect: ["a:l", "a:r"])
            .jackOptions(midiSources: ["pedal:out"])
        #expect(o.clientName == "ws")
        #expect(o.server == "rehearsal")
        #expect(o.connect == ["system:playback_1", "system:playback_2", "x:in"])
        #expect(o.musicConnect == ["a:l", "a:r"])
        #expect(o.midiConnect == ["pedal:out"])
        #expect(o.noConnect == false)
        #expect(output().outputParts().scope == true)
        let defaults = output(noConnect: true).jackOptions(midiSources: [])
        #expect(defaults.connect == nil)
        #expect(defaults.musicConnect == nil)
        #expect(defaults.noConnect == true)
        #expect(JackPortList.ports([",,"]) == nil)
    }

    @Test("a click sound that is neither built in nor two files is refused before anything opens")
    func soundCheck() {
        var o = output()
        o.sound = "kazoo"
        #expect(throws: (any Error).self) { try o.check() }
        #expect(throws: Never.self) { try output().check() }
    }

    @Test("--then-noise: brown:15m is brown for 900 s titled 'Brown Noise'; a missing time or colour is one line naming the value")
    func thenNoise() throws {
        let n = try ThenNoise(parsing: "brown:15m")
        #expect(n == (try ThenNoise(parsing: "brown:900s")))
        #expect(n.color == .brown)
        #expect(n.seconds == 900)
        #expect(n.title == "Brown Noise")
        func message(_ text: String) -> String {
            do { _ = try ThenNoise(parsing: text); return "no error" } catch { return error.description }
        }
        #expect(message("brown") == "--then-sound takes SOUND:DURATION such as brown:15m, not 'brown'")
        #expect(message("brown:soon") == "--then-sound takes SOUND:DURATION such as brown:15m, not 'brown:soon'")
        #expect(message("purple:10m").hasPrefix("--then-sound: "))
        #expect(message("purple:10m").contains("purple"))
    }

    @Test("render --noise: a colour with its options; the sleep preset's level and fade (at most half the time); bad values as usage problems")
    func renderNoise() throws {
        let pink = try RenderNoise(name: "pink", level: -30, seconds: 12, fade: nil)
        #expect(pink == (try RenderNoise(name: "pink", level: -30, seconds: 12, fade: nil)))
        #expect(pink.color == .pink)
        #expect(pink.level == -30)
        #expect(pink.seconds == 12)
        #expect(pink.fade == nil)
        let sleep = try RenderNoise(name: "sleep", level: nil, seconds: 60, fade: nil)
        #expect(sleep.color == .brown)
        #expect(sleep.level == -26)
        #expect(sleep.seconds == 60)
        #expect(sleep.fade == 30)
        #expect(try RenderNoise(name: "sleep", level: nil, seconds: nil, fade: 5).seconds == 2700)
        func problem(_ body: () throws -> RenderNoise) -> String {
            do { _ = try body(); return "no error" } catch let p as OptionProblem { return "usage: \(p)" } catch { return "other: \(error)" }
        }
        #expect(problem { try RenderNoise(name: "pink", level: nil, seconds: nil, fade: nil) }
                == "usage: --noise needs a length: give --seconds (e.g. --noise pink --seconds 600)")
        #expect(problem { try RenderNoise(name: "pink", level: nil, seconds: 4, fade: 9) }
                == "usage: --fade 9.0 is out of range: use more than 0 and at most --seconds")
        #expect(problem { try RenderNoise(name: "pink", level: 3, seconds: 4, fade: nil) }
                == "usage: \(NoiseError.levelOutOfRange(3).description)")
        #expect(problem { try RenderNoise(name: "purple", level: nil, seconds: 4, fade: nil) }
                .hasPrefix("other: 'purple' is not a noise colour, preset or sound: use white, pink, brown, or "))
    }

    @Test("--levels: one, two or three volumes fill accent, normal, subdivision; anything else is one usage line")
    func levels() throws {
        #expect(try ClickLevels.volumes(nil) == (1, 1, 1))
        #expect(try ClickLevels.volumes("0.5") == (0.5, 1, 1))
        #expect(try ClickLevels.volumes("1, 0.8") == (1, 0.8, 0.8))
        #expect(try ClickLevels.volumes("1,0.8,0.5") == (1, 0.8, 0.5))
        for bad in ["1,2,9", "1,x", "1,1,1,1", ""] {
            #expect(throws: OptionProblem("--levels '\(bad)' is not valid: give 1 to 3 volumes from 0 to 4, e.g. 1,0.8,0.5")) {
                try ClickLevels.volumes(bad)
            }
        }
    }

    @Test("the practice values are read before a file opens: the first bad one is named")
    func practiceProblem() {
        #expect(PlayRequest.problem(times: ["1:02.5"], click: "96", speed: "75%", gap: "1.5x", plan: "0.6,0.8,1") == nil)
        #expect(PlayRequest.problem(times: ["1:xx"], speed: nil, gap: nil, plan: nil)
                == "time '1:xx' is not valid: write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)")
        #expect(PlayRequest.problem(speed: nil, gap: nil, plan: "0.6,x") != nil)
    }

    @Test("midi ports: each backend's ports indented, 'none' for none, the reason when absent")
    func midiPorts() {
        let text = MIDIPortsReport.text(jack: .success(["a2j:pedal [20] (capture): pedal"]), alsa: .success([]))
        #expect(text == """
            JACK MIDI sources (connect one to woodshed:midi_in, or --midi-in jack:PORT):
              a2j:pedal [20] (capture): pedal
            ALSA MIDI inputs (--midi-in alsa:NAME, through RtMidi):
              none

            """)
    }

    @Test("presets list: names padded to the longest, two spaces, the description; a broken user preset is not listed")
    func presetListing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let library = PresetLibrary(userFolder: folder)
        _ = try #require(library.builtinFolder)
        let listing = PresetListing(library: library)
        #expect(listing.missingData == nil)
        let names = listing.lines.map { String($0.prefix { $0 != " " }) }
        let width = names.map(\.count).max() ?? 0
        #expect(!listing.lines.isEmpty)
        for line in listing.lines { #expect(line.dropFirst(width).hasPrefix("  ") && !line.dropFirst(width).hasPrefix("   ")) }
        #expect(listing.broken.count == 1)
        #expect(listing.broken[0].contains("broken.json"))
    }
}
