/// Onset detection for tests, the same rule as ../shared/tools/onsets.py: an onset is the first
/// sample above `threshold` after at least `gap` samples at or below it; audio before the start
/// counts as silence, so a click at sample 0 is found. Any thread.
public func onsets(_ x: [Float], threshold: Float = 0.01, gap: Int = 96) -> [Int] {
    var found: [Int] = []
    var quiet = gap
    x.withUnsafeBufferPointer { b in
        for i in 0..<b.count {
            if abs(b[i]) > threshold {
                if quiet >= gap { found.append(i) }
                quiet = 0
            } else {
                quiet += 1
            }
        }
    }
    return found
}
