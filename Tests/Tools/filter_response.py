#!/usr/bin/env python3
"""A listening filter's gain at given frequencies, from its impulse response, with numpy's FFT.

  filter_response.py RATE FILE F1 [F2 ...]   FILE: the impulse response, float64 raw

Prints one line: each frequency's gain in dB (the FFT bin nearest to it, 2^20 points), and the
highest gain anywhere up to Nyquist ("peak"):  1000=-3.01 4000=-49.36 peak=0.00
"""
import sys
import numpy as np

rate, path = int(sys.argv[1]), sys.argv[2]
h = np.fromfile(path, dtype="<f8")
n = 1 << 20
H = np.fft.rfft(h, n)
db = 20 * np.log10(np.abs(H) + 1e-300)
out = []
for f in sys.argv[3:]:
    k = int(round(float(f) * n / rate))
    out.append("%s=%.2f" % (f, db[k]))
out.append("peak=%.2f" % db.max())
print(" ".join(out))
