import Jobs
import Persistence
import Testing

/// `presets list` and `sounds list` print their listing one way: lines on stdout, the missing
/// data folder first and each broken file last as warnings.
@Suite("Folder listings: lines, then warnings for the missing data folder and each broken file")
struct FolderListingTests {
    struct Listing: FolderListing {
        var lines: [String]
        var missingData: DataFolderMissing?
        var broken: [String]
    }

    @Test("the missing data folder is warned first, the lines follow, each broken file is warned as not listed")
    func show() {
        var said: [String] = [], warned: [String] = []
        let missing = DataFolderMissing(looked: ["/nowhere/share/woodshed"])
        Listing(lines: ["rock  120 BPM 4/4", "waltz  90 BPM 3/4"], missingData: missing, broken: ["bad.json: line 2: not JSON"])
            .show(say: { said.append($0) }, warn: { warned.append($0) })
        #expect(said == ["rock  120 BPM 4/4", "waltz  90 BPM 3/4"])
        #expect(warned == ["Warning: \(missing)\n", "Warning: bad.json: line 2: not JSON (not listed)\n"])
        said = []
        warned = []
        Listing(lines: [], missingData: nil, broken: []).show(say: { said.append($0) }, warn: { warned.append($0) })
        #expect(said.isEmpty && warned.isEmpty)
    }
}
