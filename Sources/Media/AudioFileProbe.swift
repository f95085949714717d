/// Worker or control thread (reads the file's header; no decoding). What an audio file holds.
public enum AudioFileProbe {
    /// The file's length, rate, channels and format, or a one-line reason it cannot be played.
    /// The same checks as `AudioSource.open`, without decoding anything.
    public static func info(path: String) throws(AudioFileError) -> AudioFileInfo {
        try SourceFile.open(path: path).info
    }
}
