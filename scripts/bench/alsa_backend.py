"""The ALSA backend beside JACK, on the same private jackd (dummy driver, 48 kHz, period 64):
`woodshed click 120` as a JACK client and the same through ALSA's `jack` PCM (libasound2-plugins,
a private ALSA configuration; the plugin's JACK client runs inside woodshed's process): CPU of
the whole process over a window, one after the other; and start-up to first sound of `woodshed
play FILE --for 1s` both ways (first_sound, on music_L or the plugin's first port)."""
import os, statistics, tempfile, shutil, time

from .first_sound import time_first_sound
from .jack import PERIOD, RATE, Server, start_client, stop, tail
from .process_stats import TICKS, cpu_ticks

PLUGIN = "/usr/lib/x86_64-linux-gnu/alsa-lib/libasound_module_pcm_jack.so"
WINDOW_SECONDS = 10
STARTS = 5


def alsa_env(server, tmp, name):
    """The server's environment plus a private ALSA configuration with `pcm.wsjack`, whose JACK
    client is `name`, playing to system:playback_1/2."""
    conf = f"{tmp}/asound-{name}.conf"
    with open(conf, "w") as f:
        f.write(f'pcm.wsjack {{ type jack; name "{name}"; playback_ports {{ 0 system:playback_1 1 system:playback_2 }} }}\n')
    return dict(server.env, ALSA_CONFIG_PATH=f"/usr/share/alsa/alsa.conf:{conf}")


def cpu(server, label, cmd, client, tmp, env):
    """CPU % of one core of the process running `cmd` over WINDOW_SECONDS, after 1 s of start-up;
    (percent, None) or (None, why)."""
    proc, why = start_client(server, label, cmd, client, tmp, env=env)
    if why:
        return None, why
    try:
        time.sleep(1)
        t0, c0 = time.monotonic(), cpu_ticks(proc.pid)
        time.sleep(WINDOW_SECONDS)
        if proc.poll() is not None:
            return None, f"exited during the window (status {proc.returncode}): {tail(f'{tmp}/{label}.log')}"
        return (cpu_ticks(proc.pid) - c0) / TICKS / (time.monotonic() - t0) * 100, None
    finally:
        stop(proc)


def section(woodshed, mat, tmp):
    """Runs both ways on one server; prints the figures, returns the report's section."""
    if not os.path.exists(PLUGIN):
        return "## ALSA backend beside JACK\n\nunavailable: ALSA's jack PCM is not installed (libasound2-plugins)\n"
    work = tempfile.mkdtemp(prefix="woodshed-bench-alsa-", dir=tmp)
    server = Server(work, label="jackd-alsa")
    rows, starts = [], {"JACK": [], "ALSA (jack PCM)": []}
    try:
        jack_cmd = [woodshed, "click", "120", "--backend", "jack", "--no-connect", "--jack-name", "bench-jclick", "--no-mpris"]
        alsa_cmd = [woodshed, "click", "120", "--backend", "alsa", "--alsa-device", "wsjack", "--no-mpris"]
        for label, cmd, client, env in (("click on JACK", jack_cmd, "bench-jclick", server.env),
                                         ("click on ALSA", alsa_cmd, "bench-aclick", alsa_env(server, work, "bench-aclick"))):
            pct, why = cpu(server, label, cmd, client, work, env)
            rows.append((label, pct, why))
        music = mat.music()
        for n in range(STARTS):
            j = time_first_sound(server, woodshed, music, f"bench-jstart{n}", work)
            starts["JACK"].append(j["first_ms"])
            name = f"bench-astart{n}"
            a = time_first_sound(server, woodshed, music, name, work, env=alsa_env(server, work, name),
                                 cmd=[woodshed, "play", music, "--backend", "alsa", "--alsa-device", "wsjack", "--for", "1s", "--no-mpris"],
                                 port=f"{name}:out_000")
            starts["ALSA (jack PCM)"].append(a["first_ms"])
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    cpu_lines = ["| woodshed click 120 | CPU (% of one core) |", "|---|---|"]
    for label, pct, why in rows:
        cpu_lines.append(f"| {label} | {pct:.2f} % |" if pct is not None else f"| {label} | unavailable ({why}) |")
    start_lines = ["| woodshed play (WAV, 60 s) | first sound (median) | runs |", "|---|---|---|"]
    for label, ms in starts.items():
        got = [m for m in ms if m is not None]
        start_lines.append(f"| {label} | {statistics.median(got):.0f} ms | {', '.join(f'{m:.0f}' for m in got)} |"
                           if got else f"| {label} | unavailable | |")
    body = "\n".join(cpu_lines) + "\n\n" + "\n".join(start_lines)
    print(body)
    return f"""## ALSA backend beside JACK

One private jackd (dummy driver, {RATE} Hz, period {PERIOD}) for both: `woodshed click 120 --backend
jack --no-connect` as a JACK client, and `woodshed click 120 --backend alsa --alsa-device wsjack`
through ALSA's `jack` PCM (libasound2-plugins) on the same server, ALSA periods of 256 frames × 4.
CPU is the whole process over {WINDOW_SECONDS} s, one after the other; on ALSA it includes the
plugin's JACK thread (inside woodshed's process) and the copy through its ring. First sound:
`woodshed play FILE --for 1s` from spawn to its first non-zero sample on `music_L` (JACK) or the
plugin's first port (ALSA), {STARTS} runs each, interleaved (Tests/Tools/first_sound.py). On ALSA the
stream starts once its buffer (1024 frames, 21 ms) is full.

{body}
"""
