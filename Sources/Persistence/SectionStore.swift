import Foundation

/// The folder of practice files, one per audio file, named by the audio's fingerprint, and
/// how they are read and written. Control thread (disk I/O).
///
/// - Saving is atomic (a temporary file in the same folder, fsync, rename, fsync of the
///   folder), and the previous version is kept as `<fingerprint>.json.bak`.
/// - A file that does not parse, or does not belong to its audio, is never written over:
///   `open` reports it and goes on with no sections, `load` throws it, and `save` refuses.
public struct SectionStore: Sendable {
    /// `…/woodshed/sections`.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The store in `$XDG_DATA_HOME/woodshed/sections`, or `~/.local/share/woodshed/sections`
    /// when `XDG_DATA_HOME` is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(folder: UserFolders.woodshed(.data, environment: environment).appendingPathComponent("sections"))
    }

    /// `<folder>/<fingerprint>.json`.
    public func url(for fingerprint: FileFingerprint) -> URL {
        folder.appendingPathComponent("\(fingerprint).json")
    }

    /// `<folder>/<fingerprint>.json.bak`: the version before the last save.
    public func backupURL(for fingerprint: FileFingerprint) -> URL {
        folder.appendingPathComponent("\(fingerprint).json.bak")
    }

    /// The practice file saved for the audio with this fingerprint; nil when there is none.
    /// Throws, naming the file and the line or field, when it cannot be read, does not parse,
    /// or holds another fingerprint than its name.
    public func load(_ fingerprint: FileFingerprint) throws(JSONFileError) -> PracticeFile? {
        try existing(fingerprint)?.file
    }

    /// Saves `file` as the practice file of its fingerprint, keeping the previous version as
    /// the backup. Refuses, writing nothing, when the saved file does not parse (it is left as
    /// it is), when `file` would not read back (a section that does not fit, a duplicate name),
    /// or when writing fails. Saving what is already saved writes nothing.
    public func save(_ file: PracticeFile) throws(JSONFileError) {
        let url = url(for: file.fingerprint)
        let data = file.jsonData()
        do throws(JSONFileError) {
            _ = try PracticeFile(data: data, source: url.path)
        } catch {
            throw JSONFileError(source: error.source, field: error.field, message: "not saved: \(error.message)")
        }
        let old: Data?
        do throws(JSONFileError) {
            old = try existing(file.fingerprint)?.data
        } catch {
            throw SectionStore.refusal(error)
        }
        guard old != data else { return }
        removeLeftovers(of: file.fingerprint)
        do throws(AtomicFileError) {
            if let old { try AtomicFile.write(old, to: backupURL(for: file.fingerprint)) }
            try AtomicFile.write(data, to: url)
        } catch {
            throw JSONFileError(source: url.path, message: error.message)
        }
    }

    /// What is known about the audio at `audioPath`, measured by the caller as `frames` frames
    /// at `rate` (pass `AudioFileProbe.info(path:)`'s, as `woodshed sections` does: other
    /// numbers make another fingerprint): its saved practice file, or an empty one. When the saved file is unusable it is
    /// reported in `problem` and left alone; when the audio was last seen elsewhere, the new
    /// path is saved. Throws only when the audio file itself cannot be read.
    public func open(audioPath: String, frames: Int64, rate: Int) throws(FileFingerprintError) -> PracticeFileLoad {
        let fingerprint = try FileFingerprint.of(path: audioPath, frames: frames, rate: rate)
        let path = URL(fileURLWithPath: audioPath).standardizedFileURL.path
        let fresh = PracticeFile(fingerprint: fingerprint, lastKnownPath: path)
        var result = PracticeFileLoad(file: fresh, url: url(for: fingerprint))
        let saved: PracticeFile?
        do throws(JSONFileError) {
            saved = try load(fingerprint)
        } catch {
            result.problem = error
            return result
        }
        guard var file = saved else { return result }
        if file.lastKnownPath != path {
            result.movedFrom = file.lastKnownPath
            file.lastKnownPath = path
            do throws(JSONFileError) {
                try save(file)
            } catch {
                result.pathNotSaved = error
            }
        }
        result.file = file
        result.existed = true
        return result
    }

    /// The error `save` gives for a saved file it will not write over.
    public static func refusal(_ problem: JSONFileError) -> JSONFileError {
        var e = problem
        e.message += " (the file is left as it is: fix it, or remove it to start again)"
        return e
    }

    /// The saved file's bytes and contents; nil when there is none.
    func existing(_ fingerprint: FileFingerprint) throws(JSONFileError) -> (data: Data, file: PracticeFile)? {
        let url = url(for: fingerprint)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw JSONFileError(source: url.path, message: "can't read the file")
        }
        let file = try PracticeFile(data: data, source: url.path)
        guard file.fingerprint == fingerprint else {
            throw JSONFileError(source: url.path, field: "fingerprint", message:
                "\"\(file.fingerprint)\" is not the fingerprint in the file's name (\(fingerprint))")
        }
        return (data, file)
    }

    /// Removes the temporary files of saves that were cut short (their process is gone), so a
    /// crash leaves no litter for long: `.<name>.partial-<pid>`.
    func removeLeftovers(of fingerprint: FileFingerprint) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for stem in ["\(fingerprint).json", "\(fingerprint).json.bak"] {
            let prefix = ".\(stem).partial-"
            for name in names where name.hasPrefix(prefix) {
                guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(),
                      kill(pid, 0) != 0, errno == ESRCH else { continue }
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}

/// What `SectionStore.open` found for an audio file. Control thread (a value it hands over).
public struct PracticeFileLoad: Sendable {
    /// The practice file to play with: the saved one, or an empty one (no sections, no settings).
    public var file: PracticeFile
    /// Where it is saved.
    public var url: URL
    /// Whether a usable practice file was saved for this audio before.
    public var existed = false
    /// The saved file could not be used (it is named, with the line or field): show it as a
    /// warning and play on with `file`. It is left as it is, and `save` refuses to write over it.
    public var problem: JSONFileError?
    /// The path the audio was last seen at, when it was elsewhere (now saved as `lastKnownPath`).
    public var movedFrom: String?
    /// Why the new path could not be saved, if it could not (a warning; `file` is still good).
    public var pathNotSaved: JSONFileError?
}
