import Foundation

/// A recording by midi_record: one JSON line per item,
/// `{"start": F, "rate": R, "blocksize": B}` first, then in time order
/// `{"abs": A, "bytes": [...]}` per event and `{"gap_from": a, "gap_to": b}` per disturbance
/// of the cycle sequence, and `{"end": E, "events": N, "gaps": G, "xruns": X}` last. Any thread.
public struct MIDIRecording: Sendable {
    /// The file read.
    public let path: String
    /// Sample rate and period of the server when recording began.
    public let rate: Int
    public let blocksize: Int
    /// Server frame of the first recorded cycle (nil if stopped before any cycle ran).
    public let start: Int64?
    /// End of the last recorded cycle: events in `start..<end` were recorded, except in gaps.
    /// nil when the recorder did not finish cleanly (killed).
    public let end: Int64?
    /// Every event, in the order received: server frame and bytes.
    public let events: [(abs: Int64, bytes: [UInt8])]
    /// Where a cycle's `last_frame_time` was not the previous one's plus the period. Usually
    /// `from < to`: frames `from..<to` were missed (an xrun), and events meant for them came
    /// later or not at all. `to <= from` means JACK gave the same (or an earlier) cycle time
    /// again, which happens when the client runs late on an overloaded machine: times near it
    /// are not reliable.
    public let gaps: [(from: Int64, to: Int64)]
    /// xruns the server reported to the recorder (server-wide: not all of them are gaps here).
    public let xruns: Int

    public init(path: String) throws {
        struct Line: Decodable {
            var abs: Int64?, bytes: [UInt8]?
            var gap_from: Int64?, gap_to: Int64?
            var start: Int64?, rate: Int?, blocksize: Int?
            var end: Int64?, xruns: Int?
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rate = 0, blocksize = 0, xruns = 0
        var start: Int64?, end: Int64?
        var events: [(abs: Int64, bytes: [UInt8])] = []
        var gaps: [(from: Int64, to: Int64)] = []
        for line in text.split(separator: "\n") {
            let l: Line
            do { l = try JSONDecoder().decode(Line.self, from: Data(line.utf8)) } catch {
                throw JackToolError("\(path): bad line \"\(line)\": \(error)")
            }
            if let abs = l.abs, let bytes = l.bytes {
                events.append((abs, bytes))
            } else if let a = l.gap_from, let b = l.gap_to {
                gaps.append((a, b))
            } else if let r = l.rate {
                rate = r
                blocksize = l.blocksize ?? 0
                start = l.start
            } else if let e = l.end {
                end = e
                xruns = l.xruns ?? 0
            }
        }
        guard rate > 0 else { throw JackToolError("\(path): no start line") }
        self.path = path
        self.rate = rate
        self.blocksize = blocksize
        self.start = start
        self.end = end
        self.events = events
        self.gaps = gaps
        self.xruns = xruns
    }

    /// The gaps that overlap `range` of server frames (for a repeated cycle time, the frames
    /// `to..<from` count as the gap).
    public func gaps(in range: Range<Int64>) -> [(from: Int64, to: Int64)] {
        gaps.filter { g in
            let lo = min(g.from, g.to), hi = max(g.from, g.to)
            return lo < range.upperBound && hi > range.lowerBound
        }
    }

    /// True when some gap overlaps `range` of server frames (see `gaps(in:)`).
    public func hasGap(in range: Range<Int64>) -> Bool { !gaps(in: range).isEmpty }
}
