#!/usr/bin/env python3
"""The notch's response, measured with numpy's FFT (issue 21's targets).

  notch_response.py impulse RATE FREQ WIDTH FILE   FILE: the impulse response, float64 raw
  notch_response.py noise RATE FREQ WIDTH DRY WET  DRY, WET: the same noise without and with
                                                   the notch, 32-bit float WAV (mono)

Prints one line: the worst gain in dB across the band but its outer 1/12 octave on each side
("stop"), the lowest and highest outside [FREQ/2, 2·FREQ] from 20 Hz to 20 kHz ("pass"), and
the highest anywhere from 20 Hz to 20 kHz ("peak"):  stop=-38.41 passmin=-0.50 passmax=0.00 peak=0.00
"""
import sys, wave
import numpy as np

def bands(rate, f, width, freqs):
    inner = width / 2 - 1 / 12
    audible = (freqs >= 20) & (freqs <= min(20000, rate / 2))
    stop = (freqs >= f * 2 ** -inner) & (freqs <= f * 2 ** inner)
    outside = audible & ((freqs <= f / 2) | (freqs >= 2 * f))
    return audible, stop, outside

def report(db, audible, stop, outside):
    print("stop=%.2f passmin=%.2f passmax=%.2f peak=%.2f" % (db[stop].max(), db[outside].min(), db[outside].max(), db[audible].max()))

def read_wav_float(path):
    # 32-bit float WAV: find the data chunk.
    raw = open(path, "rb").read()
    i = raw.index(b"data")
    n = int.from_bytes(raw[i + 4:i + 8], "little")
    return np.frombuffer(raw[i + 8:i + 8 + n], dtype="<f4").astype(np.float64)

mode, rate, f, width = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
if mode == "impulse":
    h = np.fromfile(sys.argv[5], dtype="<f8")
    n = 1 << 18
    H = np.fft.rfft(h, n)
    freqs = np.fft.rfftfreq(n, 1 / rate)
    db = 20 * np.log10(np.abs(H) + 1e-300)
    report(db, *bands(rate, f, width, freqs))
else:
    x, y = read_wav_float(sys.argv[5]), read_wav_float(sys.argv[6])
    # Welch's cross-spectrum estimate H = Pxy / Pxx over Hann-windowed halves-overlapping segments.
    seg = 8192
    win = np.hanning(seg)
    pxx = np.zeros(seg // 2 + 1); pxy = np.zeros(seg // 2 + 1, dtype=complex)
    for s in range(0, len(x) - seg + 1, seg // 2):
        X = np.fft.rfft(x[s:s + seg] * win); Y = np.fft.rfft(y[s:s + seg] * win)
        pxx += np.abs(X) ** 2; pxy += np.conj(X) * Y
    freqs = np.fft.rfftfreq(seg, 1 / rate)
    db = 20 * np.log10(np.abs(pxy / pxx) + 1e-300)
    report(db, *bands(rate, f, width, freqs))
