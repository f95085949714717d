#!/usr/bin/env python3
"""Converts a sound file to MP3 with libsndfile (Debian's libsndfile 1.2 encodes MPEG layer III
through libmp3lame), for the MP3 fixtures of make bench and make rtcheck: sox here cannot write
MP3 and neither lame nor ffmpeg is installed. Python's standard library only (ctypes).

Usage: scripts/wav-to-mp3.py IN.wav OUT.mp3"""
import ctypes, ctypes.util, sys

SFM_READ, SFM_WRITE = 0x10, 0x20
SF_FORMAT_MPEG, SF_FORMAT_MPEG_LAYER_III = 0x230000, 0x0082


class SF_INFO(ctypes.Structure):
    _fields_ = [("frames", ctypes.c_int64), ("samplerate", ctypes.c_int), ("channels", ctypes.c_int),
                ("format", ctypes.c_int), ("sections", ctypes.c_int), ("seekable", ctypes.c_int)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.splitlines()[-1])
    src, dst = sys.argv[1], sys.argv[2]
    lib = ctypes.CDLL(ctypes.util.find_library("sndfile") or "libsndfile.so.1")
    lib.sf_open.restype = ctypes.c_void_p
    lib.sf_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(SF_INFO)]
    lib.sf_strerror.restype = ctypes.c_char_p
    lib.sf_strerror.argtypes = [ctypes.c_void_p]
    lib.sf_readf_float.restype = lib.sf_writef_float.restype = ctypes.c_int64
    lib.sf_readf_float.argtypes = lib.sf_writef_float.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    lib.sf_close.argtypes = [ctypes.c_void_p]

    info = SF_INFO()
    inp = lib.sf_open(src.encode(), SFM_READ, ctypes.byref(info))
    if not inp:
        sys.exit(f"wav-to-mp3: {src}: {lib.sf_strerror(None).decode()}")
    out_info = SF_INFO(samplerate=info.samplerate, channels=info.channels,
                       format=SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
    out = lib.sf_open(dst.encode(), SFM_WRITE, ctypes.byref(out_info))
    if not out:
        lib.sf_close(inp)
        sys.exit(f"wav-to-mp3: {dst}: {lib.sf_strerror(None).decode()}")
    chunk = 8192
    buf = (ctypes.c_float * (chunk * info.channels))()
    while True:
        n = lib.sf_readf_float(inp, buf, chunk)
        if n <= 0:
            break
        if lib.sf_writef_float(out, buf, n) != n:
            sys.exit(f"wav-to-mp3: {dst}: {lib.sf_strerror(out).decode()}")
    lib.sf_close(inp)
    if lib.sf_close(out) != 0:
        sys.exit(f"wav-to-mp3: {dst}: could not finish the file")


if __name__ == "__main__":
    main()
