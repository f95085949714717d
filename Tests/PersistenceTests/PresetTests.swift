import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Presets play what they say")
struct PresetTests {
    func shipped(_ name: String) throws -> Preset {
        try Preset(contentsOf: Repo.presets.appendingPathComponent("\(name).json"))
    }

    func decode(_ fields: String, fileName: String = "test.json") throws(PresetError) -> Preset {
        try Preset(json: Data("{\"schemaVersion\": 1, \"name\": \"test\", \"description\": \"\", \(fields)}".utf8),
                   fileName: fileName)
    }

    @Test("seven-eight is 7/8 at 133 grouped 3+2+2, endless")
    func sevenEight() throws {
        let plan = try shipped("seven-eight").plan()
        #expect(plan == ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: nil, meter: meter("7/8"), tempo: .constant(bpm("133")), pattern: pattern("X..x.x.", meter("7/8"))),
        ])))
    }

    @Test("son clave puts its five hits, accented, on two bars of sixteenths, with soft quarter notes")
    func sonClave() throws {
        let clicks = try shipped("son-clave").plan().map.entries[0].pattern
        #expect(clicks.description == "X...o.X.o...X..." + "o...X...X...o...")
        #expect(clicks.steps.count == 32)
        #expect(clicks.stepsPerBeat == 4)
        #expect(clicks.steps.indices.filter { clicks.steps[$0] == .accent } == [0, 6, 12, 20, 24])
    }

    @Test("the speed trainer plays 4 bars each of 80, 84 ... 116, then holds 120 for ever")
    func speedTrainer() throws {
        let plan = try shipped("speed-trainer").plan()
        let steps = stride(from: 80, through: 116, by: 4).map {
            TempoMapEntry(bars: 4, tempo: .constant(bpm("\($0)")))
        }
        #expect(plan.map.entries == steps + [TempoMapEntry(bars: nil, tempo: .constant(bpm("120")))])
        #expect(plan.countInBars == 1)
        #expect(plan.gapTrainer == nil)
    }

    @Test("the gap trainer plays two bars and mutes two, after a bar of count-in")
    func gapTrainer() throws {
        let plan = try shipped("gap-trainer").plan()
        #expect(plan.gapTrainer == GapTrainer(playBars: 2, muteBars: 2))
        #expect(plan.countInBars == 1)
        #expect(plan.map.entries == [TempoMapEntry(bars: nil, tempo: .constant(bpm("100")))])
    }

    @Test("a tempo of 97.5 or 133.333 in JSON is exact, not a Double")
    func exactTempo() throws {
        #expect(try decode("\"tempo\": 97.5, \"meter\": \"4/4\"").tempo.milliBPM == 97_500)
        #expect(try decode("\"tempo\": 133.333, \"meter\": \"4/4\"").tempo.milliBPM == 133_333)
        #expect(try decode("\"tempo\": 1.2e2, \"meter\": \"4/4\"").tempo.milliBPM == 120_000)
    }

    @Test("left out: the standard pattern, grid 1, subdivision 1, sound beep, no count-in, no trainers")
    func defaults() throws {
        let preset = try decode("\"tempo\": 120, \"meter\": \"3/4\"")
        #expect(preset == Preset(name: "test", tempo: bpm("120"), meter: meter("3/4"), fileName: "test.json"))
        #expect(preset.sound == "beep")
        #expect(try preset.plan() == ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: nil, meter: meter("3/4"), tempo: .constant(bpm("120"))),
        ])))
    }

    @Test("a subdivision of 2 adds a soft click after every beat")
    func subdivision() throws {
        let plan = try decode("\"tempo\": 120, \"meter\": \"4/4\", \"pattern\": \"X.xx\", \"subdivision\": 2").plan()
        #expect(plan.map.entries[0].pattern == pattern("Xo..xoxo", grid: 2))
        #expect(plan.map.entries[0].pattern.description == "Xo..xoxo")
    }

    @Test("a preset written out reads back the same, without its defaults")
    func roundTrip() throws {
        let preset = try shipped("speed-trainer")
        let json = try preset.json()
        #expect(try Preset(json: json, fileName: "speed-trainer.json") == preset)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"stepBPM\" : 4"))
        #expect(!text.contains("grid"))
        let exact = Preset(name: "x", tempo: try Tempo(milliBPM: 133_333))
        #expect(try Preset(json: exact.json(), fileName: "x.json").tempo.milliBPM == 133_333)
    }
}
