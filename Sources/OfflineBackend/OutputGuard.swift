#if canImport(Glibc)
import Glibc
#endif

/// Refuses a render whose output file is one of the files it reads: the finished render is
/// renamed over the output, so `render song.wav --play song.wav` would replace the recording with
/// the excerpt. Checked before anything is written. Any thread (reads only stat and realpath).
public enum OutputGuard {
    /// A file the render reads, and how to name it to the user.
    public struct Input: Equatable, Sendable {
        /// The path as the user (or the playlist) gave it.
        public let path: String
        /// "--play 'song.wav'", "track 2 of playlist 'mix' ('/music/a.flac')".
        public let label: String

        /// A file named by an option: `--play`, `--sound`, `--map`.
        public init(option: String, path: String) {
            self.path = path
            label = "\(option) '\(path)'"
        }

        /// Any other input, with the words that name it (the path is not added).
        public init(path: String, label: String) {
            self.path = path
            self.label = label
        }
    }

    /// Throws `RenderError.outputIsInput` naming the output and the first input that is the same
    /// file (see `sameFile`).
    public static func check(output: String, inputs: [Input]) throws(RenderError) {
        if let input = inputs.first(where: { sameFile(output, $0.path) }) {
            throw .outputIsInput(output: output, input: input.label)
        }
    }

    /// True when the two paths name the same file: the same device and inode when both exist
    /// (a hard link, a symbolic link, `./x` and `x`), else the same path once the folder's
    /// symbolic links are resolved (the file name itself is kept: the output is renamed onto it).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0 && stat(b, &sb) == 0 {
            return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
        }
        return resolved(a) == resolved(b)
    }

    /// realpath of the folder, plus the name: "/home/me/music/x.wav" for "music/x.wav".
    static func resolved(_ path: String) -> String {
        let (folder, name) = PartialFile.folderAndName(path)
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return (base.hasSuffix("/") ? base : base + "/") + name
    }
}
