import CSndFile
import Foundation

/// The opening thread (a worker). Opens a decode cache file for reading, if it is a complete
/// copy of the wanted version of the source; anything else (missing, another version, a file
/// damaged on disk) is not a copy, and the source is decoded again.
enum DecodedCopy {
    /// The copy at `path`, set to read stored integers (see `CacheFormat`), or nil.
    static func open(at path: String, key: String, channels: Int, rate: Int) -> SoundFile? {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let copy = SoundFile(descriptor: descriptor, mode: Int32(SFM_READ)) else { return nil }
        guard copy.info.format == CacheFormat.sndfileFormat, copy.channels == channels, copy.rate == rate,
              copy.comment == key, copy.endIsReadable() else {
            return nil
        }
        copy.setNormalisedFloats(false)
        return copy
    }
}
