import Foundation
import WoodshedCore

/// A saved metronome setting, as in a preset JSON file. Any thread.
///
///     {
///       "schemaVersion": 1,
///       "name": "seven-eight",
///       "description": "7/8 at 133, grouped 3+2+2",
///       "tempo": 133,
///       "meter": "7/8",
///       "pattern": "X..x.x."
///     }
///
/// Optional fields and their defaults: `pattern` (accent on one), `grid` 1, `subdivision` 1,
/// `sound` "beep", `countIn` 0, `gapTrainer` {"playBars", "muteBars"},
/// `speedTrainer` {"stepBPM", "everyBars", "limitBPM"}. Unknown fields are errors.
public struct Preset: Hashable, Sendable {
    /// The only `schemaVersion` this version of Woodshed reads.
    public static let schemaVersion = 1

    /// Also the file name, without `.json`.
    public var name: String
    public var description: String
    /// Exact: `97.5` in the file is 97 500 milli-BPM.
    public var tempo: Tempo
    public var meter: Meter
    /// Letters `X` accent, `x` normal, `o` soft, `.` silent, a whole number of bars on the
    /// grid; spaces and `|` may separate bars. nil: accent on one, normal clicks on the others.
    public var pattern: String?
    /// Steps per beat of `pattern` (son clave, written in sixteenths: 4).
    public var grid: Int
    /// Clicks per beat, added to the pattern as soft clicks.
    public var subdivision: Int
    /// Name of the click sound.
    public var sound: String
    /// Bars of count-in before bar 1.
    public var countIn: Int
    public var gapTrainer: GapTrainer?
    /// Starts at `tempo`, `step` faster every `everyBars` bars, holds at `limit`.
    public var speedTrainer: SpeedTrainer?
    /// The file errors name; not saved. `<name>.json` unless loaded from another file.
    public var fileName: String

    public init(name: String, description: String = "", tempo: Tempo, meter: Meter = .fourFour,
                pattern: String? = nil, grid: Int = 1, subdivision: Int = 1, sound: String = "beep",
                countIn: Int = 0, gapTrainer: GapTrainer? = nil, speedTrainer: SpeedTrainer? = nil,
                fileName: String? = nil) {
        self.name = name
        self.description = description
        self.tempo = tempo
        self.meter = meter
        self.pattern = pattern
        self.grid = grid
        self.subdivision = subdivision
        self.sound = sound
        self.countIn = countIn
        self.gapTrainer = gapTrainer
        self.speedTrainer = speedTrainer
        self.fileName = fileName ?? "\(name).json"
    }

    /// The click this preset plays: its tempo (or speed-trainer steps), pattern, subdivisions,
    /// count-in and gap trainer. Errors name the file and the field.
    public func plan() throws(PresetError) -> ClickPlan {
        func fail(_ field: String, _ message: String) -> PresetError {
            .invalid(file: fileName, field: field, message: message)
        }
        func fail(_ field: String, _ error: TimingError) -> PresetError {
            if case .badPattern(let why) = error { return fail(field, why) }
            return fail(field, error.description)
        }
        guard (1...16).contains(grid) else { throw fail("grid", "grid \(grid) is not valid: use 1 to 16 steps per beat") }
        guard !sound.isEmpty else { throw fail("sound", "the sound needs a name, e.g. \"beep\"") }
        guard (0...64).contains(countIn) else { throw fail("countIn", "count-in must be 0 to 64 bars, not \(countIn)") }

        var clicks = ClickPattern.standard(meter)
        if let pattern {
            do throws(TimingError) {
                clicks = try ClickPattern(parsing: pattern, meter: meter, stepsPerBeat: grid)
            } catch { throw fail("pattern", error) }
        } else if grid != 1 {
            throw fail("grid", "a grid of \(grid) steps per beat needs a pattern written on it")
        }

        if let gap = gapTrainer {
            guard gap.playBars >= 1 else { throw fail("gapTrainer.playBars", "play 1 or more bars, not \(gap.playBars)") }
            guard gap.muteBars >= 0 else { throw fail("gapTrainer.muteBars", "mute 0 or more bars, not \(gap.muteBars)") }
        }

        var entries = [TempoMapEntry(bars: nil, meter: meter, tempo: .constant(tempo), pattern: clicks)]
        if let speed = speedTrainer {
            guard speed.everyBars >= 1 else {
                throw fail("speedTrainer.everyBars", "step every 1 or more bars, not \(speed.everyBars)")
            }
            guard speed.limit > tempo else {
                throw fail("speedTrainer.limitBPM", "the limit \(speed.limit) must be above the starting tempo \(tempo)")
            }
            do throws(TimingError) {
                entries = try speed.entries(start: tempo, meter: meter, pattern: clicks)
            } catch { throw fail("speedTrainer", error) }
        }

        let plan = ClickPlan(map: TempoMap(entries: entries), countInBars: countIn, gapTrainer: gapTrainer)
        do throws(TimingError) {
            return try plan.subdivided(subdivision)
        } catch { throw fail("subdivision", error) }
    }
}
