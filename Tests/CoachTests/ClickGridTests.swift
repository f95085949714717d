import Coach
import Testing
import WoodshedCore

@Suite struct ClickGridTests {
    static func plan(_ entries: [TempoMapEntry], countIn: Int = 0) -> ClickPlan {
        ClickPlan(map: TempoMap(entries: entries), countInBars: countIn)
    }

    @Test("at 120 BPM in 4/4 from frame 1000, a note 1 ms after beat 2 is 1.2.1, +1 ms late; 2 ms before beat 3 is 1.3.1, -2 ms")
    func lateAndEarlyAgainstBeats() throws {
        let grid = try ClickGrid(plan: Self.plan([TempoMapEntry(bars: nil, tempo: .constant(try Tempo(bpm: 120)))]),
                                 sampleRate: 48_000, anchorFrame: 1000, endFrame: 480_000)
        #expect(grid.nearest(to: 1000 + 24_000 + 48) == GridHit(position: GridPosition(bar: 1, beat: 2, subdivision: 1),
                                                                 gridFrame: 25_000, deviationMs: 1, index: 1))
        #expect(grid.nearest(to: 1000 + 48_000 - 96) == GridHit(position: GridPosition(bar: 1, beat: 3, subdivision: 1),
                                                                 gridFrame: 49_000, deviationMs: -2, index: 2))
        #expect(grid.nearest(to: 1000 + 4 * 24_000 + 5).position.description == "2.1.1")
        // Halfway between two beats: the earlier one, the note late.
        #expect(grid.nearest(to: 1000 + 12_000).position.description == "1.1.1")
        #expect(grid.nearest(to: 1000 + 12_000).deviationMs == 250)
        // Before the first beat: beat 1, early.
        #expect(grid.nearest(to: 0).deviationMs == -1000.0 / 48)
        // Endless: the grid reaches one step past the end.
        #expect(grid.points.last.map(\.frame) == 481_000.0)
    }

    @Test("silent . steps of a subdivided pattern are grid positions too: 1.1.2 at the eighth after beat 1, and it does not sound")
    func silentStepsArePositions() throws {
        let pattern = try ClickPattern(parsing: "X.x.x.x.", meter: .fourFour, stepsPerBeat: 2)
        let grid = try ClickGrid(plan: Self.plan([TempoMapEntry(bars: 2, tempo: .constant(try Tempo(bpm: 120)), pattern: pattern)]),
                                 sampleRate: 44_100, endFrame: 441_000)
        #expect(grid.points.count == 16)
        #expect(grid.points[1] == ClickGrid.Point(frame: 11_025, position: GridPosition(bar: 1, beat: 1, subdivision: 2), sounds: false))
        #expect(grid.points[2] == ClickGrid.Point(frame: 22_050, position: GridPosition(bar: 1, beat: 2, subdivision: 1), sounds: true))
        #expect(grid.nearest(to: 11_025 + 441).position.description == "1.1.2")
        #expect(grid.nearest(to: 11_025 + 441).deviationMs == 10)
        #expect(grid.points.filter(\.sounds).count == 8)
    }

    @Test("a tempo map: 2 bars of 4/4 at 120 then 3/4 at 90 puts bar 3 beat 2 on frame 224000 at 48 kHz")
    func tempoMapPositions() throws {
        let grid = try ClickGrid(plan: Self.plan([
            TempoMapEntry(bars: 2, tempo: .constant(try Tempo(bpm: 120))),
            TempoMapEntry(bars: 2, meter: try Meter(beats: 3, denominator: 4), tempo: .constant(try Tempo(bpm: 90))),
        ]), sampleRate: 48_000, endFrame: 1_000_000)
        #expect(grid.points.count == 14)
        let hit = grid.nearest(to: 224_000 - 24)
        #expect(hit.position == GridPosition(bar: 3, beat: 2, subdivision: 1))
        #expect(hit.gridFrame == 224_000)
        #expect(hit.deviationMs == -0.5)
        // Past the map's end: its last beat, late.
        #expect(grid.nearest(to: 400_000).position.description == "4.3.1")
    }

    @Test("a bar of count-in lies before the anchor: bar 0, beat 1 two seconds before bar 1 at 120 BPM")
    func countInBeforeTheAnchor() throws {
        let grid = try ClickGrid(plan: Self.plan([TempoMapEntry(bars: 4, tempo: .constant(try Tempo(bpm: 120)))], countIn: 1),
                                 sampleRate: 48_000, anchorFrame: 96_000, endFrame: 960_000)
        #expect(grid.points.first == ClickGrid.Point(frame: 0, position: GridPosition(bar: 0, beat: 1, subdivision: 1), sounds: true))
        #expect(grid.nearest(to: 96_000).position.description == "1.1.1")
    }
}
