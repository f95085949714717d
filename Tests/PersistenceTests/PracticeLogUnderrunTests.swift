import Foundation
import Persistence
import Testing

/// A section's line says when it did not play cleanly: the server's xruns and the frames the
/// player filled with silence (underruns), side by side.
@Suite("The practice log notes xruns and underruns")
struct PracticeLogUnderrunTests {
    static let date = Date(timeIntervalSince1970: 1_740_852_245)

    @Test("xruns and underrun frames follow the takes, together, only when either is not 0, and read back")
    func underrunsRoundTrip() throws {
        var entry = PracticeLogEntry(date: Self.date, file: "/s.flac", section: "solo", index: 2, passes: 4, speed: 750,
                                     milliseconds: 80_000, mode: .play)
        let clean = #"{"date":"2025-03-01T18:04:05Z","mode":"play","file":"/s.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":80}"#
        #expect(entry.jsonLine == clean)
        #expect(try PracticeLogEntry(jsonLine: clean) == entry)
        entry.underrunFrames = 480
        entry.takes = 1
        let dry = #"{"date":"2025-03-01T18:04:05Z","mode":"play","file":"/s.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":80,"takes":1,"xruns":0,"underrun_frames":480}"#
        #expect(entry.jsonLine == dry)
        #expect(try PracticeLogEntry(jsonLine: dry) == entry)
        entry.xruns = 3
        entry.underrunFrames = 0
        let xrun = #"{"date":"2025-03-01T18:04:05Z","mode":"play","file":"/s.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":80,"takes":1,"xruns":3,"underrun_frames":0}"#
        #expect(entry.jsonLine == xrun)
        #expect(try PracticeLogEntry(jsonLine: xrun) == entry)
        #expect(throws: PracticeLogLineError.self) { try PracticeLogEntry(jsonLine: dry.replacingOccurrences(of: ":480", with: ":-480")) }
    }
}
