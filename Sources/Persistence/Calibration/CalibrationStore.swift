import Foundation

/// Where `woodshed calibrate` keeps its measurements, and how they are read and saved. Control
/// thread (disk I/O).
///
/// - `$XDG_CONFIG_HOME/woodshed/calibration.json` (`~/.config/...` without it): one
///   calibration per JACK server and audio interface (docs/file-formats.md).
/// - Saving is atomic (`AtomicFile.replace`) and keeps the versions before it as backups
///   (`calibration.json.bak`, `.bak.2` …).
/// - A file that cannot be read or does not parse is never written over: `load` throws
///   `CalibrationError.unreadable` naming the file, line and field, and `save` refuses.
public struct CalibrationStore: Sendable {
    /// `…/woodshed/calibration.json`.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The store in `$XDG_CONFIG_HOME/woodshed`, or `~/.config/woodshed` without it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(url: UserFolders.woodshed(.config, environment: environment).appendingPathComponent("calibration.json"))
    }

    /// The saved calibrations; none when there is no file yet.
    public func load() throws(CalibrationError) -> CalibrationFile {
        do throws(JSONFileError) {
            return try FileAccess.readJSONIfPresent(url.path) { data throws(JSONFileError) in
                try CalibrationFile(data: data, source: url.path)
            }?.value ?? CalibrationFile()
        } catch {
            throw .unreadable(error)
        }
    }

    /// The calibration of `server` and `interface`, if one was saved.
    public func calibration(server: String, interface: String) throws(CalibrationError) -> LoopbackCalibration? {
        try load().calibration(server: server, interface: interface)
    }

    /// Saves `calibration` in place of the one of its server and interface (the others stay).
    /// Refuses, writing nothing, when the file there cannot be read or does not parse.
    public func save(_ calibration: LoopbackCalibration) throws(CalibrationError) {
        var file = try load()
        file.keep(calibration)
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: file.jsonData())
        } catch {
            throw .cannotWrite(file: url.path, reason: error.reason(forFile: url.path))
        }
    }
}
