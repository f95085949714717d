import Foundation

/// Tests/Tools/notch_response.py: a notch's response measured with numpy's FFT, from an impulse
/// response or from noise rendered without and with it (see the script). Any test thread.
public enum NotchResponse {
    /// Runs the script (the python3 first in PATH, which has numpy) and returns its figures
    /// ("stop", "passmin", "passmax" and "peak", in dB) and the line it printed.
    public static func measure(_ args: [String]) throws -> (figures: [String: Double], text: String) {
        let (text, status) = try runTool("notch_response.py", args)
        var figures: [String: Double] = [:]
        for part in text.split(separator: " ") {
            let kv = part.split(separator: "=")
            if kv.count == 2, let v = Double(kv[1]) { figures[String(kv[0])] = v }
        }
        if status != 0 || figures.count != 4 { throw TestAudioError("notch_response.py \(args) failed: \(text)") }
        return (figures, text)
    }

    /// Runs the Python script `name` of Tests/Tools (the python3 first in PATH) with `args`;
    /// returns what it printed, trimmed, and its exit status.
    public static func runTool(_ name: String, _ args: [String]) throws -> (text: String, status: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", MIDIPeers.toolsDirectory.appendingPathComponent(name).path] + args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), p.terminationStatus)
    }
}
