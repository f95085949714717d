import Foundation
import Persistence
import WoodshedCore

/// Turns the click request (tempo, meter, pattern, map or preset) into a `ClickPlan`, the
/// sound to use and a one-line summary. Main thread.
public struct ClickSetup {
    public var plan: ClickPlan
    public var sound: String
    public var summary: String

    /// Renders of endless clicks without --bars or --seconds get this many bars (a speed
    /// trainer's ramp is rendered to its end instead).
    public static let defaultBars = 16

    public init(options o: ClickRequest, lengthGivenInSeconds: Bool) throws {
        var sound = "beep"
        var plan: ClickPlan
        var summary: String
        if let path = o.map {
            plan = ClickPlan(map: try KlickMapParser.parse(contentsOf: URL(fileURLWithPath: path)))
            let bars = plan.map.entries.reduce(0) { $0 + ($1.bars ?? 0) }
            summary = "tempo map \(path) (\(plural(plan.map.entries.count, "entry", "entries")), \(plural(bars, "bar")))"
        } else if let name = o.preset {
            let preset = try PresetLibrary().load(name: name)
            plan = try preset.plan()
            if let t = o.tempo { plan = try Self.retempo(plan, to: try Tempo(parsing: t)) }
            sound = preset.sound
            summary = "preset \(name)"
        } else {
            let meter = try o.meter.map { try Meter(parsing: $0) } ?? .fourFour
            let pattern = try o.pattern.map { try ClickPattern(parsing: $0, meter: meter) }
            let tempo = try KlickMapParser.commandLineTempo(o.tempo ?? "")
            let map = try tempo.tempoMap(meter: meter, pattern: pattern, bars: o.bars)
            switch tempo {
            case .constant(let t): summary = "\(t) BPM \(meter)"
            case .ramp(let t1, let t2): summary = "\(t1)-\(t2) BPM \(meter)"
            case .rampWithRate(let t1, let t2, _): summary = "\(t1)-\(t2) BPM over \(tempo.rampBars ?? 0) bars, then held, \(meter)"
            }
            plan = ClickPlan(map: map)
        }
        if let n = o.countIn { plan.countInBars = n }
        if let n = o.subdivide { plan = try plan.subdivided(n) }
        if !lengthGivenInSeconds {
            if let bars = o.bars {
                plan.map = try plan.map.limited(toBars: bars)
                summary += ", \(plural(bars, "bar"))"
            } else if plan.map.isEndless {
                let finite = Self.finiteBars(plan.map)
                let bars = finite > 0 ? finite : Self.defaultBars
                plan.map = try plan.map.limited(toBars: bars)
                summary += ", \(plural(bars, "bar"))"
            }
        }
        if plan.countInBars > 0 { summary += " after \(plan.countInBars) bar\(plan.countInBars == 1 ? "" : "s") of count-in" }
        if o.sound != nil { sound = o.sound! }
        self.plan = plan
        self.sound = sound
        self.summary = summary
    }

    public static func finiteBars(_ map: TempoMap) -> Int { map.entries.reduce(0) { $0 + ($1.bars ?? 0) } }

    /// A preset at another starting tempo: every entry shifted by the same amount.
    public static func retempo(_ plan: ClickPlan, to tempo: Tempo) throws -> ClickPlan {
        var out = plan
        let delta = tempo.milliBPM - plan.map.entries[0].tempo.startTempo.milliBPM
        for i in out.map.entries.indices {
            if case .constant(let t) = out.map.entries[i].tempo {
                out.map.entries[i].tempo = .constant(try Tempo(milliBPM: t.milliBPM + delta))
            }
        }
        return out
    }
}
