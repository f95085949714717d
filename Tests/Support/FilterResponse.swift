import Foundation

/// Tests/Tools/filter_response.py: a listening filter's gain at given frequencies, measured with
/// numpy's FFT from its impulse response (see the script). Any test thread.
public enum FilterResponse {
    /// Writes `impulse` (float64 raw) to a temporary file, runs the script (the python3 first in
    /// PATH, which has numpy) and returns each frequency's gain and the "peak", in dB, with the
    /// line it printed.
    public static func measure(_ impulse: [Double], rate: Int, at frequencies: [Double]) throws -> (gains: [Double], peak: Double, text: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("filter-\(getpid())-\(UUID().uuidString).f64")
        defer { try? FileManager.default.removeItem(at: file) }
        try impulse.withUnsafeBytes { Data($0) }.write(to: file)
        let (text, status) = try NotchResponse.runTool("filter_response.py", ["\(rate)", file.path] + frequencies.map { "\($0)" })
        let values = text.split(separator: " ").compactMap { $0.split(separator: "=").last.flatMap { Double($0) } }
        if status != 0 || values.count != frequencies.count + 1 { throw TestAudioError("filter_response.py failed: \(text)") }
        return (Array(values.dropLast()), values.last!, text)
    }
}
