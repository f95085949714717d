import Foundation

/// The saved versions of a practice file, and bringing one back (`woodshed sections FILE
/// history`, `restore N`, `undo`). Control thread (disk I/O).
extension SectionStore {
    /// The current file and its backups, newest first; empty when nothing was ever saved.
    public func versions(_ fingerprint: FileFingerprint) -> [PracticeFileVersion] {
        let current = url(for: fingerprint)
        var found = BackupGenerations.list(current).map { ($0.generation, $0.url, $0.saved) }
        var info = stat()
        if stat(current.path, &info) == 0 {
            let t = info.st_mtim
            found.insert((0, current, Date(timeIntervalSince1970: Double(t.tv_sec) + Double(t.tv_nsec) / 1e9)), at: 0)
        }
        return found.map { generation, url, saved in
            PracticeFileVersion(generation: generation, url: url, saved: saved,
                                file: Result { () throws(JSONFileError) in try version(at: url, of: fingerprint) })
        }
    }

    /// A line per version, newest first: which (`current`, or the backup's number for
    /// `restore`), when it was saved (local time) and what it changed since the version before
    /// (`PracticeFile.changes(since:)`); the oldest kept says how many sections it has.
    ///
    ///     current  2026-11-24 10:02:11  - verse
    ///           1  2026-11-24 10:01:05  + verse
    ///           2  2026-11-24 10:00:40  oldest kept: 1 section
    public func history(_ fingerprint: FileFingerprint, timeZone: TimeZone = .current) -> [String] {
        let all = versions(fingerprint)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = timeZone
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return all.indices.map { i in
            let v = all[i]
            let which = v.generation == 0 ? "current" : "\(v.generation)"
            let what: String
            switch (v.file, i + 1 < all.count ? all[i + 1].file : nil) {
            case (.failure(let problem), _): what = "can't be used: \(problem)"
            case (.success(let file), nil):
                what = "oldest kept: \(file.sections.count) \(file.sections.count == 1 ? "section" : "sections")"
            case (.success(let file), .success(let older)?): what = file.changes(since: older)
            case (.success, .failure?): what = "changes unknown (the version before can't be used)"
            }
            return String(repeating: " ", count: max(0, 7 - which.count)) + which + "  " + format.string(from: v.saved) + "  " + what
        }
    }

    /// Makes backup `generation` the current file again, through the same atomic save as any
    /// change: the version it replaces becomes backup 1, so a restore is itself undone by
    /// `restore 1`. A current file that does not parse is replaced too (it is kept as backup
    /// 1). Returns the version restored and the one it replaced (nil when there was none, or
    /// it could not be read); nothing is written when they are the same. Throws, writing
    /// nothing, when there is no such backup or it cannot be used.
    @discardableResult
    public func restore(_ fingerprint: FileFingerprint, generation: Int)
        throws(JSONFileError) -> (restored: PracticeFile, replaced: PracticeFile?) {
        let current = url(for: fingerprint)
        let backup = backupURL(for: fingerprint, generation: generation)
        guard generation >= 1, FileManager.default.fileExists(atPath: backup.path) else {
            let there = BackupGenerations.list(current).map { "\($0.generation)" }
            throw JSONFileError(source: current.path, message: "there is no backup \(generation) "
                + (there.isEmpty ? "(none was kept yet)" : "(there are: \(there.joined(separator: ", ")))"))
        }
        return try locked { () throws(JSONFileError) -> (restored: PracticeFile, replaced: PracticeFile?) in
            let restored = try version(at: backup, of: fingerprint)
            let replaced = try? existing(fingerprint)?.file
            do throws(FileProblem) {
                try AtomicFile.replace(current, with: restored.jsonData())
            } catch {
                throw JSONFileError(source: current.path, message: error.message(namingFile: current.path))
            }
            return (restored, replaced)
        }
    }

    /// The practice file saved at `url` (the current file or a backup), checked to belong to
    /// the audio with `fingerprint`.
    func version(at url: URL, of fingerprint: FileFingerprint) throws(JSONFileError) -> PracticeFile {
        try practiceFile(try FileAccess.readJSONFile(url.path), at: url, of: fingerprint)
    }
}
