import Foundation
@testable import Player
import Testing
import WoodshedCore

/// Shadowing printed "sentence 1/1 · pass 1/2 · listen" between "pass 2/2 · your turn" and
/// "ended": a status with no step (the play head between the worker's snapshots) was shown as
/// the section's first pass. The view holds what was heard last instead.
@Suite("The player's view between the worker's snapshots")
struct PlayerViewBetweenSnapshotsTests {
    static func session() throws -> PlayerSession {
        let source = try SndFileSource(path: try Fixture.indexed(frames: 48_000, rate: 48_000))
        let audio = PlayerSession.Audio(source: source, rate: 48_000, frames: source.frames, engine: .faster,
                                        crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
        let plan = RepeatPlan(repeats: .times(2), gap: .passMultiple(thousandths: 1000))
        return PlayerSession(audio: audio, sections: [try Section(name: "s1", start: 0, end: 24_000, plan: plan)], unsavedCount: 0,
                             startSection: 0, speed: 1000, transposeCents: 0, click: nil)
    }

    @Test("a status with no step before the end shows the last view again, not a first pass that never played; the end shows ended")
    func noStepHoldsTheLastView() throws {
        let p = try Self.session()
        let turn = ProgramStep(kind: .gap, section: 0, pass: 1, speed: 1000, length: 24_000)
        let inTurn = p.view(of: PlayerStatus(step: turn, offset: 23_000, sourceFrame: nil, ended: false, underrunFrames: 0))
        #expect(inTurn.pass == 1 && inTurn.phase == .gap && inTurn.stepFramesLeft == 1_000)
        // Between snapshots: the play head past the last frame, the deck not yet ended.
        let between = p.view(of: PlayerStatus(step: nil, offset: 0, sourceFrame: nil, ended: false, underrunFrames: 256))
        #expect(between.pass == 1 && between.phase == .gap, "pass \(between.pass + 1) · \(between.phase)")
        #expect(between.underrunFrames == 256)
        let ended = p.view(of: PlayerStatus(step: nil, offset: 0, sourceFrame: nil, ended: true, underrunFrames: 256))
        #expect(ended.phase == .ended && ended.pass == 1)
    }
}
