import Foundation
import Player
import RenderGraph
import Stretch
import Testing
import WoodshedCore
import WoodshedTestSupport

/// Plays `seconds` of the session's deck as a JACK thread would (256-frame cycles), as if the
/// worker were always on time: each cycle waits (up to 2 s) for the changes asked of the worker
/// and for its blocks, so a loaded machine changes nothing heard. Returns the left channel.
@discardableResult
private func render(_ deck: MusicDeck, seconds: Double, rate: Int = 48_000, settled: () -> Bool = { true }) -> [Float] {
    let n = 256
    let c = UnsafeMutablePointer<Float>.allocate(capacity: n), l = UnsafeMutablePointer<Float>.allocate(capacity: n)
    let r = UnsafeMutablePointer<Float>.allocate(capacity: n)
    defer { c.deallocate(); l.deallocate(); r.deallocate() }
    var out: [Float] = []
    for _ in 0..<Int(seconds * Double(rate)) / n {
        // (A change waits for room in the ring when it is full: then this cycle must play first.)
        // Up to 10 s of wall-clock time a block: a loaded machine may hold the worker back.
        Poll.until(timeout: 10) {
            !((!settled() && deck.ring.nextWritable() != nil)
              || (!deck.hasEnded() && Int64(deck.ring.published * deck.ring.blockFrames) < deck[.playhead] + Int64(n)))
        }
        c.update(repeating: 0, count: n)
        deck.render(frames: n, click: c, left: l, right: r)
        out += UnsafeBufferPointer(start: l, count: n)
        usleep(1_000)
    }
    // The view tells what plays at the play head only once a block is written there (between
    // the worker's snapshots it holds the last view): on a loaded machine the worker may be just
    // behind the last block rendered, so wait until it is ahead again.
    Poll.until(timeout: 10) { deck.hasEnded() || Int64(deck.ring.published * deck.ring.blockFrames) > deck[.playhead] }
    return out
}

private func session(sections: [Section], unsaved: Int = 0, start: Int = 0) throws -> (PlayerSession, SndFileSource) {
    let source = try SndFileSource(path: try Fixture.indexed(frames: 480_000, rate: 48_000))
    let audio = PlayerSession.Audio(source: source, rate: 48_000, frames: source.frames, engine: .faster,
                                    crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
    let p = PlayerSession(audio: audio, sections: sections, unsavedCount: unsaved, startSection: start,
                          speed: 1000, transposeCents: 0, click: nil)
    return (p, source)
}

@Suite("The live player's session: actions, saved state and section starts in memory")
struct PlayerSessionTests {
    static func sections() throws -> [Section] {
        let endless = RepeatPlan(repeats: .endless, advance: .next)
        return [try Section(name: "intro", start: 0, end: 96_000, plan: RepeatPlan(repeats: .times(2), advance: .next)),
                try Section(name: "verse", start: 96_000, end: 192_000, plan: endless),
                try Section(name: "chorus", start: 288_000, end: 384_000, plan: endless)]
    }

    @Test("next, previous and again: the section heard changes, the limits are said, the last section is remembered")
    func sectionSteps() throws {
        let (p, _) = try session(sections: try Self.sections())
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.2) { p.isSettled }
        #expect(p.view().sectionIndex == 0)
        p.stepSection(by: -1)
        #expect(p.message == "intro is the first section")
        p.stepSection(by: 1)
        #expect(p.message == "section 2/3: verse")
        render(deck, seconds: 0.2) { p.isSettled }
        let v = p.view()
        #expect(v.sectionIndex == 1 && v.sectionName == "verse" && v.pass == 0 && v.passes == nil && v.nextSection == "chorus")
        #expect(v.sourceFrame > 96_000 && v.sourceFrame < 96_000 + 48_000, "\(v.sourceFrame)")
        p.stepSection(by: 1)
        render(deck, seconds: 0.2) { p.isSettled }
        p.stepSection(by: 1)
        #expect(p.message == "chorus is the last section")
        #expect(p.lastSavedSection == "chorus" && p.settingsChanged)
        // Again: back to the chorus's start.
        render(deck, seconds: 0.5) { p.isSettled }
        p.playAgain()
        render(deck, seconds: 0.1) { p.isSettled }
        #expect(p.view().sourceFrame < 288_000 + 9_600, "\(p.view().sourceFrame)")
    }

    @Test("a section change reads the new section's start from memory, never the file")
    func headsServeSectionStarts() throws {
        let (p, _) = try session(sections: try Self.sections())
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.3) { p.isSettled }
        // The starts of intro (playing) and verse (next) are in memory, with 0.25 s before each.
        #expect(Set(p.heads.keptRanges) == [0..<96_000, 84_000..<192_000], "\(p.heads.keptRanges)")
        let fileReads = p.heads.fileReads
        p.stepSection(by: 1)
        render(deck, seconds: 0.3) { p.isSettled }
        #expect(p.view().sectionIndex == 1)
        // 0.3 s into the verse: every read since the jump came from memory.
        #expect(p.heads.fileReads == fileReads, "\(p.heads.fileReads - fileReads) reads went to the file")
        // Now the chorus (next) and intro (previous) are kept too.
        #expect(p.heads.keptRanges.contains(276_000..<384_000))
    }

    @Test("heads return exactly what the file holds, for reads inside, across and outside them")
    func headsAreExact() throws {
        let source = try SndFileSource(path: try Fixture.indexed(frames: 480_000, rate: 48_000))
        let heads = SectionHeads(source: source, frames: source.frames, before: 12_000, after: 96_000)
        heads.keep(starts: [0, 200_000, 479_000])
        while heads.prefetch() {}
        #expect(heads.keptRanges == [0..<96_000, 188_000..<296_000, 467_000..<480_000])
        let a = UnsafeMutablePointer<Float>.allocate(capacity: 8_192), b = UnsafeMutablePointer<Float>.allocate(capacity: 8_192)
        defer { a.deallocate(); b.deallocate() }
        var generator = SystemRandomNumberGenerator()
        for start: Int64 in [0, 95_000, 187_999, 188_000, 295_000, 470_000, 478_000, -100] + (0..<200).map({ _ in Int64.random(in: -1_000...480_000, using: &generator) }) {
            heads.read(from: start, count: 4_096, into: a)
            source.read(from: start, count: 4_096, into: b)
            let mismatch = (0..<8_192).first { a[$0] != b[$0] }
            #expect(mismatch == nil, "reading 4096 frames from \(start): first difference at sample \(mismatch ?? 0)")
        }
        #expect(heads.memoryReads > 0 && heads.fileReads > 0)
        // Wanted heads all stay; unwanted ones go, oldest first, only beyond eight.
        heads.keep(starts: (0..<10).map { Int64($0) * 40_000 })
        while heads.prefetch() {}
        #expect(heads.keptRanges.count == 10)
        heads.keep(starts: [470_000])
        while heads.prefetch() {}
        #expect(heads.keptRanges.count == SectionHeads.capacity && heads.keptRanges.contains(458_000..<480_000))
    }

    @Test("repeat ±, speed ±5 %, nudges and click: the plan, the sections and the deck follow; saved state is flagged")
    func editsAndSettings() throws {
        let (p, _) = try session(sections: try Self.sections())
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.1) { p.isSettled }
        p.stepRepeats(by: 1)
        #expect(p.sections[0].plan.repeats == .times(3) && p.message == "intro: 3 passes" && p.sectionsChanged)
        p.stepRepeats(by: -1); p.stepRepeats(by: -1); p.stepRepeats(by: -1)
        #expect(p.sections[0].plan.repeats == .times(1) && p.message == "1 pass (the limit)")
        p.stepSpeed(by: -50)
        #expect(p.speed == 950 && p.message == "speed 0.95×" && p.settingsChanged)
        render(deck, seconds: 0.2) { p.isSettled }
        #expect(p.view().speed == 950)
        for _ in 0..<40 { p.stepSpeed(by: -50) }
        #expect(p.speed == 250 && p.message == "speed 0.25× (the limit)")
        p.nudgeSection(startMilliseconds: 0, endMilliseconds: 10)
        #expect(p.sections[0].end == 96_480 && p.message == "intro: 0:00.000–0:02.010")
        p.nudgeSection(startMilliseconds: -10, endMilliseconds: 0)
        #expect(p.sections[0].start == 0 && p.message == "intro cannot move further that way")
        p.toggleClick()
        #expect(deck[.clickMuted] == 1 && !p.clickOn && p.message == "click off")
        p.togglePause()
        #expect(deck[.paused] == 1 && p.paused)
    }

    @Test("after the program has ended, a change and then again: it plays again, and close returns (no ring left full)",
          .timeLimit(.minutes(1)))
    func changesAfterTheEnd() throws {
        let (p, _) = try session(sections: [try Section(name: "short", start: 0, end: 4_800)])
        let deck = try p.makeDeck(outputRate: 48_000)
        render(deck, seconds: 0.5) { p.isSettled }
        #expect(p.view().phase == .ended)
        p.stepSpeed(by: 50)
        render(deck, seconds: 0.1) { p.isSettled }
        p.playAgain()
        // The worker takes the request on its next turn (a loaded machine may delay it).
        var tries = 0
        while p.view().phase == .ended && tries < 200 { render(deck, seconds: 0.01) { p.isSettled }; tries += 1 }
        #expect(p.view().phase == .pass, "\(p.view())")
        render(deck, seconds: 0.5) { p.isSettled }
        #expect(p.view().phase == .ended)
        p.close()
    }

    @Test("mark in, then mark out: a plain endless loop after the one playing (no gap: not the section's), played at once, saved only once w keeps it")
    func markInOut() throws {
        let plan = RepeatPlan(repeats: .times(2), gap: .milliseconds(1_000), advance: .stop)
        let (p, _) = try session(sections: [try Section(name: "whole file", start: 0, end: 480_000, plan: plan)], unsaved: 1)
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        p.markOutHere()
        #expect(p.message == "mark in first")
        render(deck, seconds: 0.5) { p.isSettled }
        p.markInHere()
        let a = try #require(p.markIn)
        #expect(abs(a - 24_000) < 4_800, "\(a)")
        render(deck, seconds: 1) { p.isSettled }
        p.markOutHere()
        #expect(p.sections.count == 2 && p.sections[1].name == "loop 1" && p.sections[1].start == a)
        #expect(abs(p.sections[1].end - a - 48_000) < 4_800, "\(p.sections[1])")
        #expect(p.sections[1].plan == RepeatPlan(repeats: .endless) && p.markIn == nil && !p.sectionsChanged)
        #expect(p.message == "loop \(SourceTime.of(frame: p.sections[1].start, rate: 48_000))–\(SourceTime.of(frame: p.sections[1].end, rate: 48_000)) (not saved: w keeps it as a section)")
        #expect(p.savedSections.isEmpty)
        render(deck, seconds: 0.2) { p.isSettled }
        #expect(p.view().sectionIndex == 1 && p.lastSavedSection == nil)
        p.keepLoop()
        #expect(p.message == "'loop 1' kept as a section (rename it with: woodshed sections FILE rename)")
        #expect(p.savedSections.map(\.name) == ["loop 1"] && p.sectionsChanged && p.lastSavedSection == "loop 1")
        p.keepLoop()
        #expect(p.message == "loop 1 is already a saved section")
    }

    @Test("in a playlist a loop stays inside the track playing: a mark in on the track before is taken to this track's start")
    func marksClampToTheTrack() throws {
        let plan = RepeatPlan(advance: .next)
        let (p, _) = try session(sections: [try Section(name: "a.flac", start: 0, end: 24_000, plan: plan),
                                            try Section(name: "b.flac", start: 24_000, end: 480_000, plan: plan)], unsaved: 2)
        p.marksStayInSection = true
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.25) { p.isSettled }
        p.markInHere()
        let a = try #require(p.markIn)
        #expect(a < 24_000, "\(a)")
        render(deck, seconds: 0.5) { p.isSettled }
        p.markOutHere()
        #expect(p.sections.count == 3 && p.sections[2].name == "loop 1" && p.sections[2].start == 24_000, "\(p.sections)")
    }

    @Test("endProgram: the program ends at once (a playlist's n on its last track, before --then-noise)")
    func endProgram() throws {
        let (p, _) = try session(sections: try Self.sections(), start: 2)
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.25) { p.isSettled }
        #expect(p.view().phase == .pass)
        p.endProgram(note: "next: Brown Noise")
        render(deck, seconds: 0.25) { p.isSettled }
        #expect(p.view().phase == .ended && p.message == "next: Brown Noise")
    }

    @Test("g changes what follows each section for the session only: next, then loop-all; nothing is saved")
    func advanceForTheSession() throws {
        let (p, _) = try session(sections: try Self.sections())
        _ = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        p.cycleAdvance()
        #expect(p.message == "after each section: then stop (this session)")
        #expect(p.next(after: 0) == nil && p.advanceForSession == .stop)
        p.cycleAdvance()
        #expect(p.message == "after each section: then loop all (this session)")
        #expect(p.next(after: 2) == 0)
        #expect(p.savedSections.map(\.plan.advance) == [.next, .next, .next] && !p.sectionsChanged)
    }
}

@Suite("The live player's loop modes (MPRIS's LoopStatus)")
struct PlayerLoopTests {
    @Test("section: the section playing endlessly; all: every section loops all; none: the endless section ends after this pass, loop-all goes on")
    func loopModes() throws {
        let (p, _) = try session(sections: try PlayerSessionTests.sections())
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.1) { p.isSettled }
        p.setLoop(.section)
        #expect(p.sections.map(\.plan.repeats) == [.endless, .endless, .endless] && p.message == "intro: endless (this session)")
        p.setLoop(.all)
        #expect(p.sections.map(\.plan.advance) == [.loopAll, .loopAll, .loopAll] && p.message == "loop all (this session)")
        #expect(p.sections.map(\.plan.repeats) == [.times(1), .endless, .endless])  // the intro goes on after this pass
        p.setLoop(.section)
        p.setLoop(.none)
        #expect(p.sections.map(\.plan.advance) == [.next, .next, .next] && p.message == "no loop (this session)")
        #expect(p.sections.map(\.plan.repeats) == [.times(1), .endless, .endless])
        render(deck, seconds: 0.2) { p.isSettled }
        #expect(p.view().passes == 1)
    }

    @Test("playerctl loop Track, Playlist, None change this session only: the saved plans stay (2 passes, endless, endless), nothing to save (issue 33, defect 3)")
    func loopIsForTheSession() throws {
        let (p, _) = try session(sections: try PlayerSessionTests.sections())
        let deck = try p.makeDeck(outputRate: 48_000)
        defer { p.close() }
        render(deck, seconds: 0.1) { p.isSettled }
        let saved = try PlayerSessionTests.sections()
        for mode in [LoopMode.section, .all, .none] {
            p.setLoop(mode)
            #expect(p.savedSections == saved, "\(mode)")
            #expect(!p.sectionsChanged, "\(mode)")
        }
        #expect(p.planIsSessionOnly(0))
    }
}
