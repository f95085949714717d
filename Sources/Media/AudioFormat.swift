import CSndFile

/// Any thread (a value). What kind of audio file it is, in the words the user knows.
public enum AudioFormat: Sendable, Equatable {
    case wav, flac, oggVorbis, opus, mp3
    /// Anything else libsndfile reads (AIFF, CAF, W64, MPEG Layer II, ...), by its short name.
    case other(String)

    /// "WAV", "FLAC", "Ogg Vorbis", "Opus", "MP3", or the other format's short name.
    public var name: String {
        switch self {
        case .wav: "WAV"
        case .flac: "FLAC"
        case .oggVorbis: "Ogg Vorbis"
        case .opus: "Opus"
        case .mp3: "MP3"
        case .other(let name): name
        }
    }

    /// The format of a file libsndfile opened, from its `SF_INFO.format`.
    init(sndfileFormat format: Int32) {
        let major = Int(format) & SF_FORMAT_TYPEMASK, minor = Int(format) & SF_FORMAT_SUBMASK
        switch major {
        case SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64: self = .wav
        case SF_FORMAT_FLAC: self = .flac
        case SF_FORMAT_OGG where minor == SF_FORMAT_VORBIS: self = .oggVorbis
        case SF_FORMAT_OGG where minor == SF_FORMAT_OPUS: self = .opus
        case SF_FORMAT_MPEG where minor == SF_FORMAT_MPEG_LAYER_III: self = .mp3
        case SF_FORMAT_MPEG where minor == SF_FORMAT_MPEG_LAYER_II: self = .other("MPEG Layer II")
        case SF_FORMAT_MPEG where minor == SF_FORMAT_MPEG_LAYER_I: self = .other("MPEG Layer I")
        default: self = .other(Self.sndfileName(major: major))
        }
    }

    /// An MPEG audio stream of `layer` (1, 2 or 3), as libmpg123 reads it.
    init(mpegLayer layer: Int) {
        switch layer {
        case 3: self = .mp3
        case 2: self = .other("MPEG Layer II")
        default: self = .other("MPEG Layer I")
        }
    }

    /// Whether `sf_seek` followed by `sf_readf_float` returns exactly the samples a sequential
    /// read from frame 0 returns, at every frame, so the file can be read in place.
    ///
    /// True where every frame decodes on its own (PCM, float, μ-law, A-law) and for FLAC, whose
    /// seeks are exact. False for everything that decodes with state carried across frames.
    /// Measured with this Debian's libsndfile 1.2.0 (see the tests "libsndfile's own seeks"):
    /// in a 50 kbit/s mono VBR MP3, 35 of 40 seeks differ from a sequential decode, 26 of them
    /// audibly (errors up to 0.55); in CBR mono MP3 about half differ by a rounding step; in Ogg
    /// Vorbis one seek in four returns wrong audio, up to 0.87 (upstream libsndfile issue 885);
    /// in Opus 31 of 958 seeks differ by a rounding step. Those files, and ADPCM, GSM and the
    /// rest, are read from their start on a seek back (`LinearSeekingFile`); MP3, Ogg Vorbis and
    /// Opus do not come here: `SourceFile` gives them to libmpg123, libvorbisfile and libopusfile.
    static func seeksExactly(sndfileFormat format: Int32) -> Bool {
        let major = Int(format) & SF_FORMAT_TYPEMASK, minor = Int(format) & SF_FORMAT_SUBMASK
        if major == SF_FORMAT_FLAC { return true }
        if major == SF_FORMAT_OGG || major == SF_FORMAT_MPEG { return false }
        let independentFrames = [SF_FORMAT_PCM_S8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32,
                                 SF_FORMAT_PCM_U8, SF_FORMAT_FLOAT, SF_FORMAT_DOUBLE, SF_FORMAT_ULAW,
                                 SF_FORMAT_ALAW]
        return independentFrames.contains(minor)
    }

    /// libsndfile's name of a major format up to its parenthesis: "AIFF (Apple/SGI)" is "AIFF".
    private static func sndfileName(major: Int) -> String {
        var info = SF_FORMAT_INFO()
        info.format = Int32(major)
        guard sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0,
              let cName = info.name else {
            return "format 0x\(String(major, radix: 16))"
        }
        let name = String(cString: cName)
        return name.split(separator: " (").first.map(String.init) ?? name
    }
}
