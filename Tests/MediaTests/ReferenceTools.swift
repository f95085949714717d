import Foundation
import Media
import WoodshedTestSupport

/// Runs one of the reference programs (encoders, decoders) to its end; throws unless it exits
/// with 0. Its output is not read: files are. Test thread.
func runReference(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FixtureError(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
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
