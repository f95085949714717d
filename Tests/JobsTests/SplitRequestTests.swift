import Jobs
import Media
import OfflineBackend
import Testing

/// `sections FILE split`'s options as settings, and the files a render reads.
@Suite("SplitRequest and RenderInputs: options as settings and inputs")
struct SplitRequestTests {
    @Test("--pad sets both pads unless one is given; a time that does not read names its option")
    func pads() throws {
        let both = try SplitRequest(pad: "200ms").settings()
        #expect(both.padBefore == 200_000)
        #expect(both.padAfter == 200_000)
        let one = try SplitRequest(pad: "200ms", padAfter: "0.05").settings()
        #expect(one.padBefore == 200_000)
        #expect(one.padAfter == 50_000)
        #expect(try SplitRequest().settings() == SplitSettings())
        do {
            _ = try SplitRequest(minSilence: "long").settings()
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "--min-silence takes a time such as 350ms or 0.35, not 'long'")
        }
    }

    @Test("a render's inputs: --play, --map and each --sound file, named by option")
    func inputs() {
        let inputs = RenderInputs.list(play: "song.wav", map: "song.map", sound: "a.wav,b.wav", preset: nil, playlist: nil)
        #expect(inputs == [OutputGuard.Input(option: "--play", path: "song.wav"), OutputGuard.Input(option: "--map", path: "song.map"),
                           OutputGuard.Input(option: "--sound", path: "a.wav"), OutputGuard.Input(option: "--sound", path: "b.wav")])
    }
}
