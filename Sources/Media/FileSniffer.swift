/// Any thread. Tells what a file libsndfile refused holds, from its first bytes, so the user
/// hears "it holds text" or "a MIDI file" rather than "format not recognised".
enum FileSniffer {
    /// Any thread (a value). What the first bytes look like.
    enum Kind: Equatable { case midi, text, unknown }

    /// How many leading bytes are enough to tell.
    static let headLength = 4096

    static func kind(ofHead head: [UInt8]) -> Kind {
        if head.starts(with: Array("MThd".utf8)) { return .midi }
        // RIFF MIDI (.rmi): "RIFF", size, "RMID".
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("RMID".utf8) {
            return .midi
        }
        return looksLikeText(head) ? .text : .unknown
    }

    /// UTF-8 without control characters other than tab, line feed, carriage return and form
    /// feed. The head may end inside a character: up to 3 bytes at the end may be dropped.
    static func looksLikeText(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty else { return false }
        for cut in 0...min(3, head.count - 1) {
            if let text = String(validating: head.dropLast(cut), as: UTF8.self) {
                return text.unicodeScalars.allSatisfy { scalar in
                    (scalar.value >= 0x20 && scalar.value != 0x7F) || [0x09, 0x0A, 0x0C, 0x0D].contains(scalar.value)
                }
            }
        }
        return false
    }
}
