import Foundation
import Testing

/// Every command's help, as `woodshed … --help` prints it in an 80-column terminal.
@Suite("Help text: every command's explanation fits 80 columns as written, never re-wrapped mid-line")
struct HelpTextTests {
    static let commands: [[String]] = [[], ["click"], ["render"], ["play"], ["shadow"], ["sections"], ["noise"],
                                       ["playlist"], ["log"], ["midi"], ["presets"], ["render-cost"], ["ctl"],
                                       ["alarm"], ["clock"], ["tinnitus"], ["tinnitus", "match"], ["tinnitus", "check"], ["takes"], ["coach"],
                                       ["calibrate"]]
        + "add list remove enable disable edit install-service".split(separator: " ").map { ["alarm", String($0)] }
        + "create add remove move shuffle repeat rename delete list play".split(separator: " ").map { ["playlist", String($0)] }
        + "ports monitor learn".split(separator: " ").map { ["midi", String($0)] }
        + "list show".split(separator: " ").map { ["presets", String($0)] }
        + [["sounds"], ["sounds", "list"], ["sounds", "preview"]]
        + "list add rm rename move nudge set export import split text".split(separator: " ").map { ["sections", "song.wav", String($0)] }

    /// The help's explanation: the lines after the overview's blank line, up to USAGE.
    static func explanation(_ command: [String], columns: Int) throws -> [Substring] {
        let r = try E2E.run(E2E.woodshed, command + ["--help"], environment: ["COLUMNS": "\(columns)"])
        #expect(r.status == 0, "\(command): \(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = (lines.firstIndex(of: "") ?? lines.endIndex)
        let end = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.endIndex
        return start < end ? Array(lines[start..<end]) : []
    }

    @Test("at 80 columns each explanation is exactly what it is at 1000 columns", arguments: commands)
    func notRewrapped(command: [String]) throws {
        let narrow = try Self.explanation(command, columns: 80)
        let wide = try Self.explanation(command, columns: 1000)
        #expect(narrow == wide, "\(command): lines over 79 columns: \(wide.filter { $0.count > 79 })")
    }

    @Test("woodshed sections --help lists every action, split and text included")
    func sectionsListsEveryAction() throws {
        let text = try Self.explanation(["sections"], columns: 80).joined(separator: "\n")
        for action in ["list", "add NAME", "rm NAME", "rename NAME", "move NAME", "nudge NAME", "set NAME", "export OUT", "import IN", "split", "text TRANSCRIPT"] {
            #expect(text.contains("\n  \(action)"), "\(action) is not listed:\n\(text)")
        }
    }
}
