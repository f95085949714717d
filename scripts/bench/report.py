"""The report: docs/benchmarks.md rewritten from the sections of one run, under a header that
says when, where and how long."""
import datetime, os, platform


def write(out, sections, took):
    """Writes the report to `out` (making its folder) and says so on stdout."""
    doc = f"""# Benchmarks

Measured by `make bench` ({datetime.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} cores;
the numbers below are from the last run, rewritten by each `make bench`; this run took
{took / 60:.1f} min). The machine is a shared VM: other work on it moves the wall-clock and CPU
figures from run to run.

""" + "\n".join(sections)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write(doc)
    print(f"wrote {out} ({took:.0f} s)")
