import Control
import Persistence
import Sounds
import WoodshedCore

/// What `woodshed click` starts with: the settings (from the options, else the last session,
/// else 120 BPM 4/4), or a tempo map / preset plan. Main thread.
public struct LiveSetup {
    public var settings: ClickSettings
    public var mapPlan: ClickPlan?
    public var summary: String
    /// Set when the last-session file could not be used: it is left as it is, never saved over.
    public var unusableLastSession: LastSessionError?

    /// `volume`: the master volume asked for (1 when not given).
    public init(options o: ClickRequest, volume: Float, store: LastSessionStore) throws {
        var remembered: ClickSettings?
        do { remembered = try store.load() } catch { unusableLastSession = error }
        var s = remembered ?? ClickSettings()
        let fromLast = o.tempo == nil && o.map == nil && o.preset == nil && remembered != nil
        if let sound = o.sound { s.sound = sound }
        if volume != 1 || !fromLast { s.volume = volume }
        if let n = o.countIn { s.countIn = n } else if !fromLast { s.countIn = 0 }
        if let n = o.subdivide { s.subdivide = n } else if !fromLast { s.subdivide = 1 }

        let tempoIsConstant = o.tempo.map { (try? Tempo(parsing: $0)) != nil } ?? true
        if o.map != nil || o.preset != nil || !tempoIsConstant {
            let setup = try ClickSetup(options: o, lengthGivenInSeconds: true)
            var plan = setup.plan
            if let bars = o.bars { plan.map = try plan.map.limited(toBars: bars) }
            if o.sound == nil { s.sound = setup.sound }
            s.milliBPM = plan.map.entries[0].tempo.startTempo.milliBPM
            s.beats = plan.map.entries[0].meter.beats
            s.denominator = plan.map.entries[0].meter.denominator
            mapPlan = plan
            summary = setup.summary
        } else {
            if let t = o.tempo { s.milliBPM = try Tempo(parsing: t).milliBPM }
            if let m = o.meter {
                let meter = try Meter(parsing: m)
                s.beats = meter.beats; s.denominator = meter.denominator
                s.pattern = nil
            } else if !fromLast {
                s.beats = 4; s.denominator = 4; s.pattern = nil   // a tempo alone means 4/4
            }
            if let p = o.pattern {
                _ = try ClickPattern(parsing: p, meter: try s.meter)
                s.pattern = p
            }
            _ = try s.plan()   // validates the remembered settings too
            if let bars = o.bars {
                var plan = try s.plan()
                plan.map = try plan.map.limited(toBars: bars)
                mapPlan = plan
            }
            summary = "\(Tempo.display(s.milliBPM)) BPM \(s.beats)/\(s.denominator)" + (fromLast ? " (last session)" : "")
        }
        _ = try SoundSpec(parsing: s.sound)   // a bad --sound (or remembered sound) fails here
        settings = s
    }
}
