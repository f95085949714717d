import Foundation
import Jobs
import Persistence
import Testing
import WoodshedTestSupport

/// The A–B of `--from`/`--to` is checked against the file, with errors in times.
@Suite("PlaySetup: the A–B and the transpose the user asked for")
struct PlaySetupTests {
    private func problem(from: Int64, to: Int64) -> String? {
        do {
            try PlaySetup.checkRange(from: from, to: to, frames: 441_000, rate: 44_100, path: "song.wav")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("each way an A–B can miss the file is named with its times")
    func ranges() {
        #expect(problem(from: 0, to: 441_000) == nil)
        #expect(problem(from: -44_100, to: 44_100) == "--from -0:01.000 is before the start of song.wav")
        #expect(problem(from: 441_000, to: 441_000) == "--from 0:10.000 is past the end of song.wav (0:10.000)")
        #expect(problem(from: 0, to: 441_001) == "--to 0:10.000 is past the end of song.wav (0:10.000)")
        #expect(problem(from: 88_200, to: 88_200) == "--from and --to are both 0:02.000: a section needs a length")
        #expect(problem(from: 88_200, to: 44_100) == "--to 0:01.000 is before --from 0:02.000")
    }

    @Test("a transpose is semitones with cents as decimals, -12 to 12")
    func transpose() throws {
        #expect(try PlayRequest.transposeCents("2.5") == 250)
        #expect(try PlayRequest.transposeCents("-12") == -1200)
        #expect(throws: ValidationErrorMessage.self) { try PlayRequest.transposeCents("12.5") }
        do {
            _ = try PlayRequest.transposeCents("up")
        } catch {
            #expect("\(error)" == "--transpose 'up' is not valid: use -12 to 12 semitones")
        }
    }
}

/// What `woodshed play` and `shadow` start with when the file has saved sections.
@Suite("PlaySetup: the default program and each mode's saved speed")
struct DefaultProgramSetupTests {
    @Test("three saved sections, the last one played last: play starts at section 1 with all three in order; shadow goes on from it; each mode reads its own speed")
    func startsAtTheFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-default-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 480_000))
        let store = SectionStore(folder: folder.appendingPathComponent("sections"))
        var session = try SectionsSession(audioPath: audio, store: store)
        for (name, from, to) in [("intro", "0", "1"), ("verse", "1", "2"), ("chorus", "3", "4")] {
            _ = try session.add(name: name, from: from, to: to, plan: SectionPlanChange())
        }
        session.file.settings = PracticeSettings(lastSection: "chorus", speed: 800, shadowSpeed: 900)
        try session.saveIfChanged()
        let play = try PlaySetup(path: audio, options: PlayRequest(), countIn: nil, live: true, store: store)
        #expect(play.sections.map(\.name) == ["intro", "verse", "chorus"] && play.unsavedCount == 0)
        #expect(play.startSection == 0 && play.speed == 800)
        let shadow = try PlaySetup(path: audio, options: PlayRequest(), countIn: nil, live: true, shadowing: true, store: store)
        #expect(shadow.startSection == 2 && shadow.speed == 900 && shadow.transposeCents == 0)
    }
}
