/// Text from a file made safe to print in a one-line message: a hostile or broken file quoted
/// in an error (an ESC sequence, a carriage return, a NUL) can't move the cursor, recolour or
/// clear the terminal, or split the message. Any thread.
///
/// Every control character — C0 (U+0000–U+001F, tab and line ends included), DEL (U+007F)
/// and C1 (U+0080–U+009F, where U+009B is the terminal's one-byte CSI) — is written as a Swift
/// string literal writes it: ESC as `\u{1B}`, a tab as `\u{9}`, CR as `\u{D}`. Everything else
/// is kept as it is (a backslash too: `{\an8}` stays readable).
extension StringProtocol {
    public func escapingControlCharacters() -> String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return String(self) }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isControlCharacter {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// True for C0 controls, DEL and C1 controls (general category Cc).
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
