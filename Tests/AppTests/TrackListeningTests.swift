import Foundation
import Testing
@testable import App
@testable import Persistence

@Suite("TrackListening: a playlist's tracks heard, paused time left out, one listen entry per track when it ends")
struct TrackListeningTests {
    @Test("a track's stretch ends when the next begins or the playing stops; paused time and unheard tracks are left out")
    func stretches() {
        var l = TrackListening(playlist: "sleep", paths: ["/m/a.flac", "/m/b.flac", "/m/c.flac"])
        #expect(l.observe(track: 0, paused: false, at: 1_000) == nil)
        #expect(l.observe(track: 0, paused: false, at: 4_000) == nil)
        #expect(l.observe(track: 0, paused: true, at: 9_000) == nil)     // 4 000 … 9 000 paused
        #expect(l.observe(track: 0, paused: false, at: 10_000) == nil)   // paused up to the look before
        #expect(l.observe(track: 1, paused: false, at: 12_500) == .init(track: 0, milliseconds: 3_000 + 1_000 + 2_500))
        #expect(l.observe(track: 2, paused: false, at: 12_500) == nil)   // b was not heard at all: no line
        let end = l.observe(track: nil, paused: false, at: 13_250)
        #expect(end == .init(track: 2, milliseconds: 750))
        let entry = l.entry(end!, date: PracticeLogEntry.date("2025-03-01T18:04:05Z")!)
        #expect(entry.jsonLine == #"{"date":"2025-03-01T18:04:05Z","mode":"listen","playlist":"sleep","file":"/m/c.flac","track":3,"seconds":0.75}"#)
        #expect(l.observe(track: nil, paused: false, at: 20_000) == nil)
    }

    @Test("NotchedTime.skip moves on without counting: paused time is not notched")
    func notchedSkip() {
        var n = NotchedTime(on: true, at: 0)
        n.advance(to: 1_000)
        n.skip(to: 5_000)
        #expect(n.take(at: 5_500) == 1_500)
    }
}
