import Foundation
import Testing
@testable import Jobs
import Persistence

@Suite("calibrate's signal: found in a recording to the exact frame, and nothing found where it is not")
struct CalibrateSignalTests {
    static let signal = CalibrateSignal.samples(count: 1024)

    @Test("the signal delayed by 1537 frames, at a third of its level and inverted, is found at 1537; its start at 0 is found at 0")
    func delayed() {
        var recording = [Float](repeating: 0, count: 1024 + 4000)
        for (j, s) in Self.signal.enumerated() { recording[1537 + j] = -s / 3 }
        #expect(CalibrateSignal.find(Self.signal, in: recording) == 1537)
        var atStart = [Float](repeating: 0, count: 1024 + 10)
        for (j, s) in Self.signal.enumerated() { atStart[j] = s }
        #expect(CalibrateSignal.find(Self.signal, in: atStart) == 0)
    }

    @Test("silence, or another noise than the signal: nothing found")
    func nothing() {
        #expect(CalibrateSignal.find(Self.signal, in: [Float](repeating: 0, count: 3000)) == nil)
        let other = CalibrateSignal.samples(count: 3000).reversed().map { $0 * 0.9 }
        #expect(CalibrateSignal.find(Self.signal, in: Array(other)) == nil)
        #expect(CalibrateSignal.find(Self.signal, in: [Float](repeating: 0, count: 100)) == nil)
    }

    @Test("every sample is +0.25 or −0.25, the same on every run")
    func samples() {
        let s = CalibrateSignal.samples()
        #expect(s.count == 8192 && s.allSatisfy { $0 == 0.25 || $0 == -0.25 })
        #expect(s == CalibrateSignal.samples())
        #expect(abs(s.filter { $0 > 0 }.count - 4096) < 200)
    }

    @Test("the report through an interface: JACK's figure is capture + playback, the extra is the rest")
    func report() {
        let c = LoopbackCalibration(server: "default", interface: "hw:PCH", capturePort: "system:capture_1", playbackPort: "system:playback_1",
                                    rate: 48_000, period: 256, roundTripFrames: 1210, jackFrames: 1024, measuredAt: "2026-11-24T12:30:00Z")
        let r = CalibrateReport(calibration: c, capture: 512, playback: 512, graphLoopFrames: 0, inputName: "woodshed:in", outputName: "woodshed:calibrate")
        #expect(r.text == """
            loopback: woodshed:calibrate → system:playback_1 … system:capture_1 → woodshed:in (server 'default', interface 'hw:PCH', 48000 Hz, period 256)
            round trip: 1210 frames (25.208 ms)
            JACK latency API: 1024 frames (21.333 ms): capture 512 on woodshed:in + playback 512 on woodshed:calibrate
            extra latency JACK does not know: 186 frames (3.875 ms)

            """)
    }
}
