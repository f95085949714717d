import Control
import Foundation
import MIDI
import MIDIInput
import Persistence
import WoodshedCore

/// The MIDI side of a live session from the options: the map that applies (compiled), the
/// setlist's songs, the JACK ports to connect to `midi_in`, and the RtMidi (ALSA) inputs that
/// could be opened — with a warning for each that could not, so Woodshed keeps running.
/// Main thread.
public struct MIDISetup {
    public var control: MIDIControl
    public var songs: [SetlistSong] = []
    /// The setlist's title (its `name`, else its file name), when there is one.
    public var setlistTitle: String?
    public var jackSources: [String] = []
    public var alsaInputs: [RtMidiInput] = []
    public var warnings: [String] = []

    /// `userMapMayBeBroken`: a user's map file that cannot be used (no `--midi-map` given) is
    /// a warning, and the built-in map applies (`play`, `shadow`: they play without MIDI too);
    /// else it is an error (`click`, `midi`: the map is what they are about).
    /// `midiMap`: `--midi-map`; `setlist`: `--setlist`; `midiIn`: the `--midi-in` values.
    public init(midiMap: String?, setlist: String?, midiIn: [String], clientName: String, monitorOnly: Bool = false, userMapMayBeBroken: Bool = false) throws {
        let resolved: (map: MIDIMap, source: String)
        do {
            if userMapMayBeBroken {
                let found = try MIDIMap.resolveOrDefault(explicit: midiMap)
                if let problem = found.problem { warnings.append("\(problem); using the built-in MIDI map until the file is fixed") }
                resolved = (found.map, found.source)
            } else {
                resolved = try MIDIMap.resolve(explicit: midiMap)
            }
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
        control = MIDISetup.control(for: resolved.map, source: resolved.source, monitorOnly: monitorOnly)
        if let path = setlist {
            let list: Setlist
            do { list = try Setlist(contentsOf: URL(fileURLWithPath: path)) } catch { throw ValidationErrorMessage("\(error)") }
            songs = try list.songs.map { try MIDISetup.song($0) }
            setlistTitle = list.name
        }
        for spec in midiIn {
            switch MIDIInputSpec(spec) {
            case .jack(let port): jackSources.append(port)
            case .alsa(let name):
                do {
                    alsaInputs.append(try RtMidiInput(api: .alsa, port: name, clientName: clientName))
                } catch {
                    warnings.append("--midi-in \(spec): \(error); going on without it")
                }
            case nil: break
            }
        }
    }

    /// The compiled map with its words.
    static func control(for map: MIDIMap, source: String, monitorOnly: Bool) -> MIDIControl {
        MIDIControl(bindings: map.bindings(), debounceMilliseconds: map.debounceMilliseconds,
                    descriptions: map.mappings.indices.map { map.describe($0) ?? "" },
                    texts: map.mappings.indices.map { map.text(at: $0) },
                    source: source, monitorOnly: monitorOnly)
    }

    /// A setlist song as click settings (tempo, meter, pattern), or a preset by name.
    static func song(_ s: Setlist.Song) throws -> SetlistSong {
        if let preset = s.preset {
            _ = try PresetLibrary().load(name: preset)   // a missing preset fails now, not on stage
            return SetlistSong(title: s.title, preset: preset, settings: ClickSettings())
        }
        var settings = ClickSettings()
        if let t = s.tempo { settings.milliBPM = try Tempo(parsing: t).milliBPM }
        if let m = s.meter {
            let meter = try Meter(parsing: m)
            settings.beats = meter.beats
            settings.denominator = meter.denominator
        }
        settings.pattern = s.pattern
        _ = try settings.plan()
        return SetlistSong(title: s.title, settings: settings)
    }

    /// Closes the ALSA inputs.
    public func close() { for i in alsaInputs { i.close() } }
}
