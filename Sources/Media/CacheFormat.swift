import CSndFile

/// Any thread (constants). The decode cache's file format: FLAC, 24-bit integers, with 6 dB of
/// headroom above full scale, at the source's rate, with its first two channels.
///
/// Why FLAC 24-bit rather than W64 float. Measured here on a 10-minute stereo 44.1 kHz MP3 of
/// synthetic music (11 MB): W64 float is 207 MB and written in 0.46 s; FLAC 24-bit is 99 MB
/// and written in 1.7 s (the MP3 decode alone is 0.39 s); reading either back sequentially
/// takes 0.35 s. A 2-hour podcast would take 2.5 GB as float and about 1.2 GB as FLAC, and a
/// cache holds many files: half the disk is worth 1.3 s per 10 minutes, paid once. FLAC seeks
/// in libsndfile are exact (tested), so the copy can be read at any frame.
///
/// What 24 bits keep. A decoder's output is a float; MP3 and Vorbis output often goes a little
/// above full scale (±1), which plain 24-bit would clip. So 1.0 is stored as 2^22, and the 24-bit
/// range holds ±2 (+6 dBFS); a sample is stored as round(x · 2^22), clamped to ±(2^23 − 1), and
/// read back as that integer · 2^−22, which is exact in a Float. The error is at most 2^−23
/// (−138 dBFS), far below the codecs' own noise. Reads of the copy are bit-exact at every frame.
enum CacheFormat {
    /// Bump when the stored samples change meaning: old copies are then decoded again.
    static let version = 1

    static let sndfileFormat = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)

    /// Full scale (1.0) as a stored integer: 2^22.
    static let scale: Float = 4_194_304
    /// A stored integer back to a sample: 2^−22.
    static let unscale: Float = 1 / 4_194_304
    /// The largest stored integer, 2^23 − 1.
    static let largest: Float = 8_388_607

    /// The file name extension of a decoded copy.
    static let fileExtension = "flac"

    /// How many channels the copy keeps: `AudioSource` reads only the first two.
    static func channels(forSource channels: Int) -> Int { min(channels, 2) }

    /// A sample as the (integer-valued) float handed to libsndfile, which rounds it to nearest.
    @inline(__always)
    static func stored(_ sample: Float) -> Float {
        min(max(sample * scale, -largest), largest)
    }
}
