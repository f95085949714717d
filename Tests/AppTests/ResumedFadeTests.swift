import App
import Control
import Engine
import RealtimeKit
import RenderGraph
import Testing

/// A reconnect in the middle of the `--for` fade-out: the new connection's click and deck go
/// on at the level the fade has reached, not at full level until the end.
@Suite("The --for fade across a JACK reconnect")
struct ResumedFadeTests {
    /// The click of `renderer`, started, for `frames` frames.
    private func click(_ renderer: Renderer, frames: Int) -> [Float] {
        _ = renderer.commands.tryPush(.start)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { out.deallocate() }
        renderer.process(frames: frames, click: out)
        return Array(UnsafeBufferPointer(start: out, count: frames))
    }

    @Test("4 s into a 10 s fade, the server comes back: the new renderer's click is at 0.6 and falls by 1/480000 a frame")
    func clickTakesTheFadeUp() throws {
        let clock = ManualClock()
        let session = LiveSession(settings: ClickSettings(milliBPM: 120_000, volume: 0.5))
        let link = SessionJackLink(session: session)
        let fade = RunningFade(clock: clock)
        link.fade = fade
        let full = click(try link.makeGraph(rate: 48_000).renderer!, frames: 4_800)
        #expect(full.contains { $0 != 0 })
        clock.advance(by: 30)
        fade.begin(seconds: 10)
        clock.advance(by: 4)
        let faded = click(try link.makeGraph(rate: 48_000).renderer!, frames: 4_800)
        for k in full.indices where full[k] != 0 {
            let gain = Float(288_000 - k) / 480_000
            #expect(abs(faded[k] - full[k] * gain) <= 1e-6 * abs(full[k]), "frame \(k)")
        }
        // Past its end the fade is silence.
        clock.advance(by: 7)
        #expect(click(try link.makeGraph(rate: 48_000).renderer!, frames: 4_800).allSatisfy { $0 == 0 })
    }

    @Test("without a fade begun a new connection plays at its own level")
    func noFadeNoChange() throws {
        let session = LiveSession(settings: ClickSettings(milliBPM: 120_000, volume: 0.5))
        let link = SessionJackLink(session: session)
        link.fade = RunningFade(clock: ManualClock())
        let plain = SessionJackLink(session: LiveSession(settings: ClickSettings(milliBPM: 120_000, volume: 0.5)))
        #expect(click(try link.makeGraph(rate: 48_000).renderer!, frames: 4_800) == click(try plain.makeGraph(rate: 48_000).renderer!, frames: 4_800))
    }

    @Test("the deck of the new connection: frame k at (L − passed − k) / L, music and click")
    func deckTakesTheFadeUp() {
        let ring = MusicRing.allocate(blockFrames: 256, capacity: 4)
        let deck = MusicDeck.allocate(ring: ring)
        defer { deck.deallocate() }
        let k = ring.nextWritable()!
        for c in 0..<3 { ring.channel(c, ofBlock: k).update(repeating: 1, count: 256) }
        ring.publish(k, header: MusicBlockHeader(generation: 0, frames: 256))
        let clock = ManualClock()
        let fade = RunningFade(clock: clock)
        fade.begin(seconds: 0.01)       // 480 frames at 48 kHz
        clock.advance(by: 0.0025)       // 120 frames passed
        fade.resume(deck: deck, rate: 48_000)
        let n = 256
        let c = UnsafeMutablePointer<Float>.allocate(capacity: n), l = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let r = UnsafeMutablePointer<Float>.allocate(capacity: n)
        defer { c.deallocate(); l.deallocate(); r.deallocate() }
        c.update(repeating: 0, count: n)
        deck.render(frames: n, click: c, left: l, right: r)
        for i in 0..<n {
            let gain = Float(360 - i) / 480
            #expect(abs(l[i] - gain) < 1e-6 && abs(r[i] - gain) < 1e-6 && abs(c[i] - gain) < 1e-6, "frame \(i): \(l[i]) \(c[i])")
        }
    }
}
