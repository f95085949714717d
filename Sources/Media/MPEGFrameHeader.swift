/// Any thread (a value). The 4-byte header of one MPEG audio frame (Layer I, II or III, MPEG
/// 1, 2 or 2.5): enough to find the next frame and where a Xing/Info header would sit.
struct MPEGFrameHeader: Equatable {
    /// 1 for MPEG 1; 2 for MPEG 2 and 2.5 (the "low sampling frequency" versions).
    let version: Int
    let layer: Int
    let rate: Int
    let mono: Bool
    /// Bytes in the frame, header included.
    let length: Int

    /// Samples per channel in one frame: 384 (Layer I), 1152 (Layer II, Layer III of MPEG 1),
    /// 576 (Layer III of MPEG 2 and 2.5).
    var samplesPerFrame: Int { layer == 1 ? 384 : (layer == 3 && version != 1 ? 576 : 1152) }

    /// Where a Xing/Info header starts, counted from the frame's first byte: after the header
    /// and the Layer III side information (as libmpg123 looks for it).
    var infoOffset: Int { 4 + (mono ? (version == 1 ? 17 : 9) : (version == 1 ? 32 : 17)) }

    /// The header in `bytes` (at least 4), or nil when they are not a valid frame header
    /// (free-format frames, whose length the header does not give, are not recognised).
    init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count >= 4 else { return nil }
        let b = Array(bytes.prefix(4))
        guard b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = Int(b[1] >> 3) & 3, layerBits = Int(b[1] >> 1) & 3
        let bitrateIndex = Int(b[2] >> 4), rateIndex = Int(b[2] >> 2) & 3, padding = Int(b[2] >> 1) & 1
        guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        layer = 4 - layerBits
        version = versionBits == 3 ? 1 : 2
        rate = [44_100, 48_000, 32_000][rateIndex] >> (versionBits == 3 ? 0 : (versionBits == 2 ? 1 : 2))
        mono = b[3] >> 6 == 3
        let kbps = Self.bitrates[version == 1 ? layer - 1 : (layer == 1 ? 3 : 4)][bitrateIndex - 1]
        switch layer {
        case 1: length = (12_000 * kbps / rate + padding) * 4
        case 3 where version != 1: length = 72_000 * kbps / rate + padding
        default: length = 144_000 * kbps / rate + padding
        }
    }

    /// kbit/s for bit-rate indexes 1...14: MPEG 1 Layer I, II, III; MPEG 2/2.5 Layer I; II and III.
    private static let bitrates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]
}
