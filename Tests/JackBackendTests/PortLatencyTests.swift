import Foundation
import JackBackend
import RenderGraph
import Testing
import WoodshedCore
import WoodshedTestSupport

/// `JackBackend.portLatencies()`: what JACK's latency API says of `in` and `click` on a live
/// connection, as latency compensation reads it on the control thread.
@Suite("JACK's latency API on a live connection: the capture latency of what feeds in, the playback latency of click")
struct PortLatencyTests {
    /// A graph with an input capture, so that the connection has `in`. Control thread.
    final class Handler: JackNotifications {
        let capture = InputCapture.allocate(frames: 1 << 12)
        let countInBars = 0

        func makeGraph(rate: Int) throws -> OutputGraph {
            let meter = try Meter(parsing: "4/4")
            let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, meter: meter, tempo: .constant(try Tempo(bpm: 120)), pattern: nil)]))
            let wave = [Float](repeating: 0.5, count: 48)
            return OutputGraph(renderer: Renderer(timeline: try ClickTimeline(plan: plan, rate: rate),
                                                  sounds: ClickSounds(name: "test", rate: rate, accent: wave, normal: wave, subdivision: wave)),
                               input: capture)
        }

        func transportRolling(_ rolling: Bool) {}
        func follow(milliBPM: Int64, beats: Int, denominator: Int) {}
    }

    @Test("in fed by a client that declares 300 frames of capture latency, click on the dummy backend's playback_1 (512 at a 256-frame period); their interfaces")
    func latencies() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        try JackRecording.buildTools.get()
        let feed = try server.spawn(JackRecording.hitPerformer, ["-n", "lat", "--delay", "0", "--declared", "300"])
        defer { PrivateJackServer.terminate(feed) }
        #expect(PrivateJackServer.wait(timeout: 10) { server.ports().contains("lat:out") }, "\(server.output(of: feed))")
        var options = JackBackend.Options()
        options.clientName = "woodshed-latency-test"
        options.server = server.name
        options.connect = ["system:playback_1"]
        options.inputConnect = "lat:out"
        let handler = Handler()
        defer { handler.capture.deallocate() }
        let backend = JackBackend(options: options, notifications: handler)
        try backend.start()
        defer { backend.stop() }
        let expected = PortLatencies(input: PortLatency(min: 300, max: 300), click: PortLatency(min: 512, max: 512), rate: 48_000, period: 256,
                                     inputSources: ["lat:out"], clickTargets: ["system:playback_1"])
        let settled = PrivateJackServer.wait(timeout: 5) { backend.portLatencies() == expected }
        #expect(settled, "\(String(describing: backend.portLatencies()))")
        #expect(backend.interface(of: "system:playback_1") == "dummy")
        #expect(backend.interface(of: "lat:out") == "lat")
        #expect(backend.interface(of: "nosuch:port") == nil)
    }
}
