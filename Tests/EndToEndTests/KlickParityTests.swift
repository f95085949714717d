import Foundation
import Testing

/// klick 0.12.2 (Debian) is the reference: the same map rendered by both, onsets compared.
@Suite("klick tempo maps render like klick -W, at round(ideal)")
struct KlickParityTests {
    static let maps: [(String, String)] = [
        ("constant", "8 120\n"),
        ("meter-changes", "intro: 2 120\n2 7/8 133 X..x.x.\n2 3/4 97.5\n1 5/8 200 X.x.x\n"),
        ("ramps", "4 120-140 X.x.\n2 3/4 140-80\n2 6/8 60-90 X..x..\n"),
        ("per-beat", "1 100,110,120,130\n1 3/4 90,95.5,101\n"),
        ("silent-and-volume", "# gaps\n2 120 X...  # only the one\n1 120 .... \n2 120 0.5\n"),
        ("klick-manual", """
            intro:    8 120           # play 8 measures at 120 bpm (4/4)
            verse1:   12 120 X.x.     # 12 measures at 120 bpm, playing only the 1st and 3rd beat
                      4 120-140 X.x.  # gradually increase tempo to 140 bpm
            chorus1:  16 140
            bridge:   8 3/4 140 0.5   # change to 3/4 time, reduce volume
                      8 3/4 140       # normal volume again
            verse2:   12 120          # back to 4/4 (implied)
            chorus2:  16 140          # jump to 140 bpm
            outro:    6 140
                      2 140-80        # ritardando over the last 2 bars

            """),
    ]

    @Test("each map: every onset within 1 sample of klick's, and exactly round(ideal)", arguments: 0..<maps.count)
    func parity(index: Int) throws {
        let (name, text) = Self.maps[index]
        let dir = try E2E.tempDir()
        let map = dir.appendingPathComponent("\(name).klick")
        try text.write(to: map, atomically: true, encoding: .utf8)
        let ours = dir.appendingPathComponent("ours.wav").path, theirs = dir.appendingPathComponent("klick.wav").path
        let r = try E2E.woodshed("render", ours, "--map", map.path)
        #expect(r.status == 0, "\(r.stderr)")
        let k = try E2E.run("klick", ["-W", theirs, "-f", map.path])
        #expect(k.status == 0, "klick: \(k.stderr)")

        let a = E2E.onsets(try E2E.read(ours).samples), b = E2E.onsets(try E2E.read(theirs).samples)
        #expect(a.count == b.count && !a.isEmpty)
        let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 99
        #expect(worst <= 1, "\(name): worst difference from klick \(worst) samples")

        let o = try E2E.oracle(["compare", ours, "--map-file", map.path])
        #expect(o["missing"] == 0 && o["extra"] == 0, "\(name): \(o)")
        #expect(o["round_exact"] == o["expected"], "\(name): \(o)")
        // and klick itself sits at floor(ideal), never more than one sample early
        let ko = try E2E.oracle(["compare", theirs, "--map-file", map.path])
        #expect(ko["floor_exact"] == ko["expected"], "\(name) (klick): \(ko)")
    }
}
