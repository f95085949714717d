"""The one WAV reader of the benchmarks: the renders of woodshed, Rubber Band's CLI and mpv are
read back here (output lengths, the loop seam's frame indices)."""
import array, struct


def read_wav(path):
    """(rate, channels, samples as floats in -1…1, interleaved) of a 16-bit PCM or 32-bit float
    WAV, plain or WAVE_FORMAT_EXTENSIBLE (mpv writes that); a data size of 0 or 0xFFFFFFFF
    (a writer that never finished its header) means up to the end of the file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a WAV file")
    pos, fmt = 12, None
    while pos + 8 <= len(data):
        cid, size = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
        if cid == b"fmt ":
            tag, ch, rate = struct.unpack("<HHI", data[pos + 8:pos + 16])
            bits = struct.unpack("<H", data[pos + 22:pos + 24])[0]
            if tag == 0xFFFE:
                tag = struct.unpack("<H", data[pos + 32:pos + 34])[0]  # the subformat GUID's first field
            fmt = (tag, ch, rate, bits)
        elif cid == b"data":
            end = len(data) if size in (0, 0xFFFFFFFF) else pos + 8 + size
            payload = data[pos + 8:end]
            break
        pos += 8 + size + (size & 1)
    else:
        raise ValueError(f"{path}: no data chunk")
    tag, ch, rate, bits = fmt
    if tag == 3 and bits == 32:
        a = array.array("f")
        a.frombytes(payload[:len(payload) // 4 * 4])
        return rate, ch, a
    if tag == 1 and bits == 16:
        a = array.array("h")
        a.frombytes(payload[:len(payload) // 2 * 2])
        return rate, ch, [v / 32768 for v in a]
    raise ValueError(f"{path}: format {tag}, {bits} bits not read here")


def wav_seconds(path):
    """The length of a WAV file in seconds."""
    rate, ch, a = read_wav(path)
    return len(a) / ch / rate
