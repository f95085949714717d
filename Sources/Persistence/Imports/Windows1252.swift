/// Windows-1252 ("ANSI" on Western Windows), the encoding of most old SRT files that are not
/// UTF-8. Any thread (pure).
///
/// Bytes 0x00–0x7F and 0xA0–0xFF are the code points of the same number, as in Latin-1.
/// Bytes 0x80–0x9F are the characters Windows put there: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” •
/// – — ˜ ™ š › œ ž Ÿ. The five bytes Windows leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D)
/// become the C1 control of the same number, as the WHATWG Encoding Standard's index says.
enum Windows1252 {
    /// The code points of bytes 0x80 to 0x9F.
    static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The character of one byte.
    static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        (0x80...0x9F).contains(byte) ? Unicode.Scalar(high[Int(byte) - 0x80])! : Unicode.Scalar(byte)
    }

    /// `bytes` as text, one character per byte.
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(scalar(byte)) }
        return String(text)
    }
}
