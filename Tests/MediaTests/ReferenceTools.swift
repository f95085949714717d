import Foundation
import Testing
import Media
import WoodshedTestSupport

/// Runs one of the reference programs (encoders, decoders, ffprobe) to its end; throws unless it
/// exits with 0. Returns what it printed on its standard output. Test thread.
@discardableResult
func runReference(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FixtureError(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return String(decoding: printed, as: UTF8.self)
}

/// `count` reads (start, length) at random in `frames` frames, none starting on a multiple of
/// `avoiding` (a codec frame boundary). Test thread.
func randomReads(frames: Int, count: Int = 50, avoiding boundary: Int, seed: UInt64) -> [(start: Int64, count: Int)] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in
        var start = Int.random(in: 0..<(frames - 1), using: &random)
        if start % boundary == 0 { start += 1 }
        return (Int64(start), Int.random(in: 1...min(6_000, frames - start), using: &random))
    }
}

/// The first packet's skip_samples (the encoder's priming, from the edit list) and duration, as
/// ffprobe reads them with libavformat's defaults. Test thread.
func ffprobePrimingAndPacketLength(_ path: String) throws -> (priming: Int64, packetLength: Int64) {
    let printed = try runReference("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "a:0", "-read_intervals", "%+#1",
                                                         "-show_entries", "packet=duration:packet_side_data=skip_samples", "-of", "default=nw=1", path])
    func value(_ key: String) -> Int64? {
        printed.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int64($0.dropFirst(key.count + 1)) }
    }
    return (try #require(value("skip_samples")), try #require(value("duration")))
}
