import Jobs
import Testing

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
