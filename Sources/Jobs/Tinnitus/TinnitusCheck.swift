import Foundation
import Media
import RenderGraph

/// `woodshed tinnitus check FILE…`: how much of each recording's energy lies in the notch band,
/// as a table or as JSON (`--json`); below −30 dB the notch does nearly nothing, and the table
/// says so. A file that cannot be read is one line on stderr, and the others are still
/// measured. Main thread.
public struct TinnitusCheck {
    public var files: [String]
    public var notch: Notch
    public var json = false

    public init(files: [String], notch: Notch, json: Bool = false) {
        self.files = files
        self.notch = notch
        self.json = json
    }

    /// Measures the files; prints the report; throws (after it) when a file could not be read.
    public func run() throws {
        var results: [NotchBandEnergy] = []
        var failed: [String] = []
        for file in files {
            do throws(AudioFileError) {
                results.append(try NotchBandEnergy.measure(file, notch: notch))
            } catch {
                failed.append(error.description)
            }
        }
        print(json ? jsonText(results) : table(results), terminator: "")
        if !failed.isEmpty { throw ValidationErrorMessage(failed.joined(separator: "\nError: ")) }
    }

    /// `notch 6148 Hz, 1 octave: band 4347 to 8695 Hz`, then a line a file:
    /// `  -12.3 dB  song.flac`, `  -41.0 dB  quiet.wav  (below -30 dB: the notch does nearly nothing here)`.
    public func table(_ results: [NotchBandEnergy]) -> String {
        var lines = ["\(notch.summary): band \(Int(notchLow.rounded())) to \(Int(notchHigh.rounded())) Hz; energy in the band against the whole:"]
        for r in results {
            guard let db = r.decibels else { lines.append("    silent  \(r.file)"); continue }
            let value = String(format: "%6.1f dB", tenths(db))
            lines.append("  \(value)  \(r.file)" + (r.notchDoesNearlyNothing ? "  (below -30 dB: the notch does nearly nothing here)" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"band":{"high":8695.1,"low":4347.6},"files":[{"file":"…","inBandDecibels":-12.3,"nearlyNothing":false}],"notch":{…}}`.
    public func jsonText(_ results: [NotchBandEnergy]) -> String {
        struct Band: Encodable { var low: Double, high: Double }
        struct NotchValue: Encodable { var frequency: Double, width: Double }
        struct File: Encodable { var file: String, inBandDecibels: Double?, nearlyNothing: Bool }
        struct Report: Encodable { var notch: NotchValue, band: Band, files: [File] }
        let report = Report(notch: NotchValue(frequency: notch.frequency, width: notch.width),
                            band: Band(low: tenths(notchLow), high: tenths(notchHigh)),
                            files: results.map { File(file: $0.file, inBandDecibels: $0.decibels.map(tenths), nearlyNothing: $0.notchDoesNearlyNothing) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(report)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    var notchLow: Double { notch.band.low }
    var notchHigh: Double { notch.band.high }

    /// x to the nearest tenth (and 0, never −0).
    private func tenths(_ x: Double) -> Double {
        let t = (x * 10).rounded() / 10
        return t == 0 ? 0 : t
    }
}
