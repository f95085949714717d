#!/usr/bin/env python3
"""make soak's judge (scripts/soak.sh): onsets, memory and CPU of a soak run's folder.

    soak-report.py FOLDER --seconds S --beat FRAMES --onsets ONSETS_PY

Onsets: each click-NAME.wav (frame_recorder, at server frame time; its sidecar lists gaps and
xruns) is cut at its gaps and at its xruns' frames (a cycle the server dropped may shift the
click, which JACK documents for an overload; the recorder lists the first 1,024 xruns' frames);
within each stretch between cuts, every onset must follow the one before by exactly BEAT frames.
Memory and CPU: samples.txt has, once a second, the elapsed seconds and for each woodshed its
VmRSS (KiB) and utime+stime (ticks). From minute 2 (a fifth of the run if shorter), leaving out
each restart and the 10 s after it (restarts.txt: stopped, back), a least-squares line through RSS must change by at most
1 % of the mean RSS per minute, and one through CPU (% of a core, per second) by at most 1
point per minute. Prints one line per check; exit 1 if any failed.
"""
import argparse, json, os, subprocess, sys

TICKS = os.sysconf("SC_CLK_TCK")


def fit(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    return slope, my


def onsets(folder, name, beat, tool):
    wav = os.path.join(folder, f"click-{name}.wav")
    with open(wav + ".json") as f:
        meta = json.load(f)
    found = [int(line) for line in subprocess.run([sys.executable, tool, "detect", wav], check=True,
                                                   capture_output=True, text=True).stdout.split()]
    # A click that began inside a gap shows up as an "onset" where the gap ends (the zeros of the
    # gap before it count as silence): onsets up to 5 ms after a gap's end are not the click's.
    ends = [g[0] + g[1] for g in meta["gaps"]]
    found = [t for t in found if not any(e <= t < e + meta["rate"] // 200 for e in ends)]
    cuts = sorted([g[0] for g in meta["gaps"]] + ends + meta.get("xrun_frames", []))
    stretches, current, bad = [], [], []
    ci = 0
    for t in found:
        while ci < len(cuts) and cuts[ci] <= t:
            stretches.append(current); current = []; ci += 1
        current.append(t)
    stretches.append(current)
    checked = 0
    for s in stretches:
        for a, b in zip(s, s[1:]):
            checked += 1
            if b - a != beat:
                bad.append((a, b - a))
    return len(found), len([s for s in stretches if s]), checked, bad, meta


def main():
    p = argparse.ArgumentParser()
    p.add_argument("folder")
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--beat", type=int, required=True)
    p.add_argument("--onsets", required=True)
    a = p.parse_args()
    ok = True

    names = sorted(f[len("click-"):-len(".wav")] for f in os.listdir(a.folder) if f.startswith("click-") and f.endswith(".wav"))
    total_checked = 0
    for name in names:
        n, stretches, checked, bad, meta = onsets(a.folder, name, a.beat, a.onsets)
        total_checked += checked
        line = (f"onsets {name}: {n} onsets in {meta['frames']} frames, {stretches} stretch(es) "
                f"({len(meta['gaps'])} gap(s), {meta['xruns']} xrun(s)), {checked} intervals checked, "
                f"{len(bad)} not {a.beat}")
        if bad or n < 2:
            ok = False
            line = "FAIL: " + line + "".join(f"; at {t}: {d}" for t, d in bad[:5])
        print("soak: " + line)
    if not names or total_checked == 0:
        print("soak: FAIL: no onset interval was checked"); ok = False

    # Each restart: when the server was stopped and when it was back. While it is gone, its
    # shared memory is not mapped (RSS drops); the 10 s after it is back are left out too.
    with open(os.path.join(a.folder, "restarts.txt")) as f:
        restarts = [tuple(float(x) for x in line.split()) for line in f if line.strip()]
    rows = []
    with open(os.path.join(a.folder, "samples.txt")) as f:
        for line in f:
            v = [float(x) for x in line.split()]
            if len(v) == 5:
                rows.append(v)
    start = min(120.0, a.seconds / 5)
    for k, who in enumerate(["click", "play"]):
        rss_x, rss_y, cpu_x, cpu_y = [], [], [], []
        for prev, row in zip(rows, rows[1:]):
            t = row[0]
            if t < start or any(stop <= t < back + 10 for stop, back in restarts) or row[1 + 2 * k] == 0:
                continue
            rss_x.append(t / 60); rss_y.append(row[1 + 2 * k])
            dt = row[0] - prev[0]
            if dt > 0 and prev[2 + 2 * k] > 0:
                cpu_x.append(t / 60); cpu_y.append(100.0 * (row[2 + 2 * k] - prev[2 + 2 * k]) / TICKS / dt)
        if len(rss_x) < 5 or len(cpu_x) < 5:
            print(f"soak: FAIL: {who}: only {len(rss_x)} samples to fit"); ok = False; continue
        rss_slope, rss_mean = fit(rss_x, rss_y)
        cpu_slope, cpu_mean = fit(cpu_x, cpu_y)
        rss_rel = 100.0 * rss_slope / rss_mean
        verdict = "ok" if abs(rss_rel) <= 1.0 and abs(cpu_slope) <= 1.0 else "FAIL"
        ok = ok and verdict == "ok"
        print(f"soak: {verdict}: {who}: RSS mean {rss_mean / 1024:.1f} MiB, {rss_slope:+.1f} KiB/min ({rss_rel:+.3f} %/min), "
              f"min {min(rss_y) / 1024:.1f} max {max(rss_y) / 1024:.1f} MiB; CPU mean {cpu_mean:.2f} % of a core, "
              f"{cpu_slope:+.3f} points/min ({len(rss_x)} samples from {start:.0f} s)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
