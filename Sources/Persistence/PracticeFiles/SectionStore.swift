import Foundation

/// The folder of practice files, one per audio file, named by the audio's fingerprint, and
/// how they are read and written. Control thread (disk I/O).
///
/// - Saving is atomic (`AtomicFile`: a temporary file in the same folder, fsync, rename, fsync
///   of the folder), and the 5 versions before are kept: `<fingerprint>.json.bak` (the last),
///   then `.bak.2` … `.bak.5` (`BackupGenerations`; `history`, `restore`).
/// - Reading writes nothing: `open` and `load` leave the folder as it is.
/// - A file that does not parse, or does not belong to its audio, is never written over:
///   `open` reports it and goes on with no sections, `load` throws it, and `save` refuses.
public struct SectionStore: Sendable {
    /// `…/woodshed/sections`.
    public let folder: URL
    /// Where the fingerprints already taken are kept, so that `open` reads nothing of an
    /// unchanged file; nil: every `open` hashes.
    public let fingerprints: FingerprintCache?

    public init(folder: URL, fingerprints: FingerprintCache? = nil) {
        self.folder = folder
        self.fingerprints = fingerprints
    }

    /// The store in `$XDG_DATA_HOME/woodshed/sections`, or `~/.local/share/woodshed/sections`
    /// when `XDG_DATA_HOME` is unset or empty, with the fingerprint cache in `$XDG_CACHE_HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(folder: UserFolders.woodshed(.data, environment: environment).appendingPathComponent("sections"),
                  fingerprints: FingerprintCache(environment: environment))
    }

    /// `<folder>/<fingerprint>.json`.
    public func url(for fingerprint: FileFingerprint) -> URL {
        folder.appendingPathComponent("\(fingerprint).json")
    }

    /// `<folder>/<fingerprint>.json.bak`: the version before the last save (backup 1);
    /// `.json.bak.N` for the older ones.
    public func backupURL(for fingerprint: FileFingerprint, generation: Int = 1) -> URL {
        BackupGenerations.url(of: url(for: fingerprint), generation: generation)
    }

    /// The practice file saved for the audio with this fingerprint; nil when there is none.
    /// Throws, naming the file and the line or field, when it cannot be read, does not parse,
    /// or holds another fingerprint than its name.
    public func load(_ fingerprint: FileFingerprint) throws(JSONFileError) -> PracticeFile? {
        try existing(fingerprint)?.file
    }

    /// Saves `file` as the practice file of its fingerprint, keeping the previous version as
    /// backup 1 (and 4 older ones). Refuses, writing nothing, when the saved file does not parse (it is left as
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
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: data)
        } catch {
            throw JSONFileError(source: url.path, message: error.message(namingFile: url.path))
        }
    }

    /// Saves `file` as `save` does, merged with what another program saved since `base` (the
    /// file as this program loaded it, or as it last saved it: see `PracticeFile.merged`), all
    /// with the store locked (`flock` on its folder), so two programs saving at once lose
    /// nothing of each other's. Returns what was saved: keep `file` (not the result) as the
    /// next `base`. With no file on disk, `file` is saved as it is.
    @discardableResult
    public func save(_ file: PracticeFile, since base: PracticeFile) throws(JSONFileError) -> PracticeFile {
        try locked { () throws(JSONFileError) -> PracticeFile in
            let disk: PracticeFile?
            do throws(JSONFileError) {
                disk = try existing(file.fingerprint)?.file
            } catch {
                throw SectionStore.refusal(error)
            }
            let merged = disk.map { file.merged(since: base, disk: $0) } ?? file
            try save(merged)
            return merged
        }
    }

    /// Runs `body` holding the store's lock: an exclusive `flock` on its folder (created if
    /// need be), which the kernel releases if the process dies.
    func locked<T>(_ body: () throws(JSONFileError) -> T) throws(JSONFileError) -> T {
        do throws(FileProblem) {
            try FileAccess.createFolder(folder)
        } catch {
            throw JSONFileError(source: folder.path, message: "can't create the folder: \(error.reason)")
        }
        let fd = Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw JSONFileError(source: folder.path, message: "can't open the folder: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw JSONFileError(source: folder.path, message: "can't lock the folder: \(String(cString: strerror(errno)))") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// What is known about the audio at `audioPath`, measured by the caller as `frames` frames
    /// at `rate` (pass `AudioFileProbe.info(path:)`'s, as `woodshed sections` does: other
    /// numbers make another fingerprint): its saved practice file, or an empty one. When the
    /// saved file is unusable it is reported in `problem` and left alone; when the audio was
    /// last seen elsewhere, `file` has the new path (saved with the next change: opening
    /// writes nothing). Throws only when the audio file itself cannot be read.
    ///
    /// The file is read (3 MiB, to hash it) only when the fingerprint cache does not know it
    /// as it is now. With `hashLater`, not even then when no practice file has its size,
    /// length and rate (so none can be its own): the file is new to Woodshed, its practice
    /// file is empty, and the hash is left to `settle` (before the first save).
    public func open(audioPath: String, frames: Int64, rate: Int, hashLater: Bool = false)
        throws(FileFingerprintError) -> PracticeFileLoad {
        let path = URL(fileURLWithPath: audioPath).standardizedFileURL.path
        let stamp = try FileStamp.of(path: audioPath)
        var bytesHashed: Int64 = 0
        let fingerprint: FileFingerprint
        if let known = fingerprints?.fingerprint(path: path, stamp: stamp, frames: frames, rate: rate) {
            fingerprint = known
        } else if hashLater && !hasPracticeFile(size: stamp.size, frames: frames, rate: rate) {
            let unhashed = FileFingerprint(size: stamp.size, frames: frames, rate: rate, hash: 0)
            var result = PracticeFileLoad(file: PracticeFile(fingerprint: unhashed, lastKnownPath: path), url: url(for: unhashed))
            result.unhashed = audioPath
            return result
        } else {
            let measured = try FileFingerprint.measure(path: audioPath, frames: frames, rate: rate)
            fingerprint = measured.fingerprint
            bytesHashed = measured.bytesRead
            fingerprints?.remember(fingerprint, path: path, stamp: measured.stamp)
        }
        let fresh = PracticeFile(fingerprint: fingerprint, lastKnownPath: path)
        var result = PracticeFileLoad(file: fresh, url: url(for: fingerprint))
        result.bytesHashed = bytesHashed
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
        }
        result.file = file
        result.existed = true
        return result
    }

    /// Takes the hash `open(…, hashLater: true)` left for later, so that `load.file` can be
    /// saved; nothing when it was taken. Reads at most 3 MiB of the audio.
    public func settle(_ load: inout PracticeFileLoad) throws(FileFingerprintError) {
        guard let audioPath = load.unhashed else { return }
        let measured = try FileFingerprint.measure(path: audioPath, frames: load.file.frames, rate: load.file.rate)
        fingerprints?.remember(measured.fingerprint, path: load.file.lastKnownPath, stamp: measured.stamp)
        load.file.fingerprint = measured.fingerprint
        load.url = url(for: measured.fingerprint)
        load.bytesHashed += measured.bytesRead
        load.unhashed = nil
    }

    /// The practice file saved for the audio at `audioPath`, found without reading the audio
    /// (for shell completion): through the fingerprint cache when it knows the file as it is
    /// now, else the practice file that last saw the audio at this path; nil when neither.
    public func savedFile(forAudioAt audioPath: String) -> PracticeFile? {
        let path = URL(fileURLWithPath: audioPath).standardizedFileURL.path
        if let stamp = try? FileStamp.of(path: audioPath), let fingerprint = fingerprints?.fingerprint(path: path, stamp: stamp),
           let file = try? load(fingerprint) {
            return file
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path),
                  let file = try? PracticeFile(data: data, source: url.path), file.lastKnownPath == path else { continue }
            return file
        }
        return nil
    }

    /// Whether any practice file is named for audio of this size, length and rate.
    func hasPracticeFile(size: Int64, frames: Int64, rate: Int) -> Bool {
        let prefix = "s\(size)-f\(frames)-r\(rate)-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
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
        let read: Data?
        do throws(FileProblem) {
            read = try FileAccess.readIfPresent(url.path)
        } catch {
            throw JSONFileError(source: url.path, message: error.message(namingFile: url.path))
        }
        guard let data = read else { return nil }
        return (data, try practiceFile(data, at: url, of: fingerprint))
    }

    /// The practice file in `data`, read from `url` (the file or a backup of it), checked to
    /// belong to the audio with `fingerprint`.
    func practiceFile(_ data: Data, at url: URL, of fingerprint: FileFingerprint) throws(JSONFileError) -> PracticeFile {
        let file = try PracticeFile(data: data, source: url.path)
        guard file.fingerprint == fingerprint else {
            throw JSONFileError(source: url.path, field: "fingerprint", message:
                "\"\(file.fingerprint)\" is not the fingerprint in the file's name (\(fingerprint))")
        }
        return file
    }
}
