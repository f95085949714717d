import Foundation
import MIDI

/// Saves what MIDI learn heard into the user's map file. Control thread (reads and writes files).
///
/// The file is edited as a JSON tree, not rewritten from the model: every other field, mapping
/// and comment stays as it was (keys come out sorted, two-space indented). A file that does not
/// parse is never written over. The new file replaces the old one atomically (`AtomicFile`:
/// temporary file in the same folder, fsync, rename), and the 5 versions before are kept:
/// `midi-map.json.bak` (the last), then `midi-map.json.bak.2` … `.bak.5`.
public enum MIDIMapStore {
    /// The backup of `url` written before each change: `midi-map.json.bak` (backup 1), then
    /// `midi-map.json.bak.N` for the older ones.
    public static func backupURL(for url: URL, generation: Int = 1) -> URL {
        BackupGenerations.url(of: url, generation: generation)
    }

    /// Adds `mapping` to the map file at `url` (usually `MIDIMap.userMapURL()`), replacing the
    /// mappings that listen to the same messages (so one pedal does one thing), and returns
    /// the map as saved. Without a file, starts from the built-in default and creates the
    /// folder. Throws, changing nothing, when the existing file does not parse or cannot be
    /// written, or when the new mapping is not valid.
    @discardableResult
    public static func learn(_ mapping: MIDIMap.Mapping, into url: URL) throws(MIDIMapError) -> MIDIMap {
        let source = url.relativePath
        let old: Data?
        do throws(FileProblem) {
            old = try FileAccess.readIfPresent(url.path)
        } catch {
            throw MIDIMapError(source: source, message: error.message(namingFile: url.path))
        }
        let current = try MIDIMap(data: old ?? Data(BuiltinMIDIMap.json.utf8),
                                  source: old == nil ? BuiltinMIDIMap.source : source)
        // It parsed as a map, so the tree is an object with a list of mapping objects, one per mapping.
        guard var tree = try? JSONSerialization.jsonObject(with: old ?? Data(BuiltinMIDIMap.json.utf8)) as? [String: Any],
              let list = tree["mappings"] as? [Any], list.count == current.mappings.count else {
            throw MIDIMapError(source: source, message: "can't read the file")
        }
        var kept = zip(list, current.mappings).filter { !$0.1.listensToSameMessages(as: mapping) }.map(\.0)
        kept.append(mapping.jsonObject)
        tree["mappings"] = kept

        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: tree, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                + Data("\n".utf8)
        } catch {
            throw MIDIMapError(source: source, message: "can't write the map: \(FileProblem.reason(error))")
        }
        let saved = try MIDIMap(data: data, source: source)
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: data)
        } catch {
            throw MIDIMapError(source: source, message: error.message(namingFile: url.path))
        }
        return saved
    }
}

extension MIDIMap.Mapping {
    /// The mapping as a JSON object for a map file: channel "any" or its number, the press
    /// condition only when it is not the default, the argument whenever the action takes one.
    var jsonObject: [String: Any] {
        var object: [String: Any] = ["message": message.fileName, "action": action.name]
        object["channel"] = channel.map { $0 as Any } ?? "any"
        if let number { object["number"] = number }
        if let press, press != MIDIMap.Mapping.defaultPress(message, action) {
            switch press {
            case .threshold(let n): object["threshold"] = n
            case .values(let r): object["values"] = [r.lowerBound, r.upperBound]
            }
        }
        func bpm(_ milli: Int64) -> Any { milli % 1000 == 0 ? Int(milli / 1000) : Double(milli) / 1000 }
        switch argument {
        case .none: break
        case .bpm(let milli): object["argument"] = bpm(milli)
        case .bpmRange(let min, let max): object["argument"] = [bpm(min), bpm(max)]
        case .count(let n): object["argument"] = Int(n)
        case .name(let name): object["argument"] = name
        }
        for (key, text) in comments where JSONNode.isComment(key) { object[key] = text }
        return object
    }
}
