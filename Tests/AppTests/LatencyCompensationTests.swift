import Testing
import App
import JackBackend
import Persistence

@Suite("Latency compensation: JACK's playback latency of click + capture latency of in + the calibration's extra frames")
struct LatencyCompensationTests {
    static let latencies = PortLatencies(input: PortLatency(min: 256, max: 300), click: PortLatency(min: 512, max: 512), rate: 48_000, period: 256,
                                         inputSources: ["system:capture_1"], clickTargets: ["system:playback_1", "system:playback_2"])

    @Test("512 playback + 300 capture (the range's max) and no calibration: 812 frames, 16.917 ms")
    func withoutCalibration() {
        let c = LatencyCompensation(latencies: Self.latencies, calibration: nil)
        #expect(c.inputToOutputFrames() == 812)
        #expect(abs(c.milliseconds - 16.916_666) < 0.001)
    }

    @Test("with a calibration that measured 186 frames JACK does not know: 998 frames; one that measured 24 fewer: 788")
    func withCalibration() {
        var saved = LoopbackCalibration(server: "default", interface: "hw:PCH", capturePort: "system:capture_1", playbackPort: "system:playback_1",
                                        rate: 48_000, period: 256, roundTripFrames: 1210, jackFrames: 1024, measuredAt: "2026-11-24T12:30:00Z")
        #expect(LatencyCompensation(latencies: Self.latencies, calibration: saved).inputToOutputFrames() == 998)
        saved.roundTripFrames = 1000
        #expect(LatencyCompensation(latencies: Self.latencies, calibration: saved).inputToOutputFrames() == 788)
    }

    @Test("the interface of a port: the ALSA device in jackd's alias, the dummy backend's, none for a client's port")
    func interfaceNames() {
        #expect(AudioInterfaceName.device(aliases: ["alsa_pcm:hw:PCH:in1", "alsa_pcm:capture_1"]) == "hw:PCH")
        #expect(AudioInterfaceName.device(aliases: ["dummy_pcm:dummy:out1"]) == "dummy")
        #expect(AudioInterfaceName.device(aliases: ["my-alias"]) == nil)
        #expect(AudioInterfaceName.device(aliases: []) == nil)
        #expect(AudioInterfaceName.joined(capture: "hw:PCH", playback: "hw:PCH") == "hw:PCH")
        #expect(AudioInterfaceName.joined(capture: "hw:USB", playback: "hw:PCH") == "hw:USB / hw:PCH")
    }
}
