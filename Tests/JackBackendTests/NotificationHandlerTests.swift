import Foundation
import JackBackend
import RenderGraph
import Testing
import WoodshedCore
import WoodshedTestSupport

/// JACK asks the app only through `JackNotifications`: a stand-in handler, no controller,
/// runs the backend through a connection, a server restart and the reconnect.
@Suite("JackBackend with a stand-in notification handler")
struct NotificationHandlerTests {
    /// Records what the backend asked and told. Control thread (the test's).
    final class Handler: JackNotifications {
        var rates: [Int] = []
        var rolling: [Bool] = []
        var followed = 0
        let countInBars = 2

        func makeGraph(rate: Int) throws -> OutputGraph {
            rates.append(rate)
            let meter = try Meter(parsing: "4/4")
            let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, meter: meter, tempo: .constant(try Tempo(bpm: 120)), pattern: nil)]))
            let wave = [Float](repeating: 0.5, count: 48)
            return OutputGraph(renderer: Renderer(timeline: try ClickTimeline(plan: plan, rate: rate),
                                                  sounds: ClickSounds(name: "test", rate: rate, accent: wave, normal: wave, subdivision: wave)))
        }

        func transportRolling(_ rolling: Bool) { self.rolling.append(rolling) }
        func follow(milliBPM: Int64, beats: Int, denominator: Int) { followed += 1 }
    }

    @Test("one renderer per connection at the server's rate, the transport's state each tick, again after a server restart")
    func connectRestartReconnect() throws {
        let server = try PrivateJackServer(rate: 44_100)
        var options = JackBackend.Options()
        options.clientName = "woodshed-handler-test"
        options.server = server.name
        options.noConnect = true
        options.reconnectInterval = 0.2
        let handler = Handler()
        let backend = JackBackend(options: options, notifications: handler)
        try backend.start()
        #expect(handler.rates == [44_100])
        #expect(backend.status.connected)
        #expect(backend.status.rate == 44_100)
        backend.tick(now: 0)
        #expect(handler.rolling == [false])

        try server.restart()
        var now = 0.0
        let back = PrivateJackServer.wait(timeout: 20) {
            now += 0.25
            backend.tick(now: now)
            return handler.rates.count == 2
        }
        #expect(back)
        #expect(handler.rates == [44_100, 44_100])
        #expect(backend.events == ["JACK server gone; reconnecting (state kept)",
                                   "reconnected to JACK '\(server.name)' at 44100 Hz"])
        #expect(handler.followed == 0)   // free mode reads no timebase master
        #expect(backend.stop())
        #expect(!backend.status.connected)
    }
}
