"""The audio the player benchmarks play: music-like material made with sox, a 2-hour FLAC and
a 10-minute MP3 (kept across runs in CACHE), and an index file whose frames count themselves."""
import array, os, sys, tempfile, wave

from .jack import RATE
from .tools import ROOT, Unavailable, run_tool

# The 2-hour FLAC and the 10-minute MP3 take a minute to make: kept here across runs.
CACHE = os.path.join(tempfile.gettempdir(), "woodshed-bench-cache")
MUSIC_SECONDS = 60


class Material:
    """The audio the player benchmarks play, made once per run (or once per machine, in CACHE,
    for the long files): sox's tones, noise and plucks for music, Python for the index file."""

    def __init__(self, tmp):
        self.dir = os.path.join(tmp, "material")
        os.makedirs(self.dir, exist_ok=True)
        self.made = {}

    def _once(self, key, make):
        if key not in self.made:
            try:
                self.made[key] = make()
            except Unavailable as e:
                self.made[key] = e
        if isinstance(self.made[key], Unavailable):
            raise self.made[key]
        return self.made[key]

    def music(self):
        """60 s of stereo 48 kHz 16-bit music-like material: two tremolo sines, a low-passed
        sawtooth chord, a pluck every 250 ms (transients), pink noise; peak -1 dBFS."""
        def make():
            d, sr = self.dir, ["-r", str(RATE), "-c", "2"]
            n = str(MUSIC_SECONDS)
            run_tool(["sox", "-n", *sr, f"{d}/tones.wav", "synth", n, "sine", "220", "sine", "330", "tremolo", "3", "30"])
            run_tool(["sox", "-n", *sr, f"{d}/chord.wav", "synth", n, "sawtooth", "110", "sawtooth", "165",
                      "gain", "-12", "lowpass", "2000"])
            run_tool(["sox", "-n", *sr, f"{d}/hits.wav", "synth", "0.25", "pluck", "196", "pluck", "294",
                      "fade", "0", "0.25", "0.2", "repeat", str(MUSIC_SECONDS * 4 - 1)])
            run_tool(["sox", "-n", *sr, f"{d}/noise.wav", "synth", n, "pinknoise", "pinknoise", "gain", "-24"])
            run_tool(["sox", "-m", *(f"{d}/{k}.wav" for k in ("tones", "chord", "hits", "noise")),
                      "-b", "16", f"{d}/music.wav", "gain", "-n", "-1"])
            for k in ("tones", "chord", "hits", "noise"):
                os.remove(f"{d}/{k}.wav")
            return f"{d}/music.wav"
        return self._once("music", make)

    def music_flac(self):
        def make():
            run_tool(["sox", self.music(), f"{self.dir}/music.flac"])
            return f"{self.dir}/music.flac"
        return self._once("flac", make)

    def index_wav(self):
        """2 s of 16-bit stereo whose frame i holds i: left i mod 32768, right i div 32768."""
        def make():
            n = 2 * RATE
            a = array.array("h", bytes(4 * n))
            for i in range(n):
                a[2 * i], a[2 * i + 1] = i % 32768, i // 32768
            path = f"{self.dir}/index.wav"
            with wave.open(path, "wb") as w:
                w.setnchannels(2)
                w.setsampwidth(2)
                w.setframerate(RATE)
                w.writeframes(a.tobytes())
            return path
        return self._once("index", make)

    def two_hours(self):
        """A 2-hour stereo 48 kHz 16-bit FLAC (sines with tremolo; about 260 MB), kept in CACHE."""
        def make():
            path = f"{CACHE}/two-hours-v1.flac"
            if not os.path.exists(path):
                os.makedirs(CACHE, exist_ok=True)
                print(f"making {path} (once; about a minute)", flush=True)
                part = f"{path}.{os.getpid()}.flac"
                try:
                    run_tool(["sox", "-n", "-r", str(RATE), "-c", "2", "-b", "16", part,
                              "synth", "7200", "sine", "220", "sine", "331", "tremolo", "0.5", "40", "gain", "-6"])
                    os.rename(part, path)
                finally:
                    if os.path.exists(part):
                        os.remove(part)
            return path
        return self._once("two-hours", make)

    def long_mp3(self):
        """10 minutes of the music as a 128 kb/s MP3 (libsndfile + LAME), kept in CACHE."""
        def make():
            path = f"{CACHE}/ten-minutes-v1.mp3"
            if not os.path.exists(path):
                os.makedirs(CACHE, exist_ok=True)
                wav, part = f"{self.dir}/ten-minutes.wav", f"{path}.{os.getpid()}.mp3"
                try:
                    run_tool(["sox", *[self.music()] * 10, wav])
                    run_tool([sys.executable, f"{ROOT}/scripts/wav-to-mp3.py", wav, part])
                    os.rename(part, path)
                finally:
                    for f in (wav, part):
                        if os.path.exists(f):
                            os.remove(f)
            return path
        return self._once("mp3", make)
