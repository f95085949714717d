import Jobs
import RenderGraph
import Testing

/// The noise render's length, fade and summary line.
@Suite("NoiseRenderJob: length, fade and summary")
struct NoiseRenderJobTests {
    @Test("ten minutes of brown noise with a 20 s fade: the frames, the fade's frames and the summary")
    func summary() throws {
        let job = try NoiseRenderJob(color: .brown, levelDecibels: -18, seconds: 600, fadeSeconds: 20, rate: 48_000)
        #expect(job.frames == 28_800_000)
        #expect(job.fade?.frames == 960_000)
        #expect(job.summary == "brown noise at -18 dBFS RMS, 10:00.000 with a 0:20.000 fade-out")
        let plain = try NoiseRenderJob(color: .white, levelDecibels: -20, seconds: 1.5, fadeSeconds: nil, rate: 44_100)
        #expect(plain.summary == "white noise at -20 dBFS RMS, 0:01.500")
    }
}
