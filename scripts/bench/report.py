"""The report: docs/benchmarks.md rewritten from the sections of one run, under a header that
says when, where and how long; the sections `make bench-compare` writes ("## Against REV") are
kept across those rewrites and replaced only by the next comparison against the same REV."""
import datetime, os, platform

KEPT = "## Against "  # headings of the sections make bench-compare owns


def write(out, sections, took):
    """Writes the report to `out` (making its folder), keeping its KEPT sections, and says so on
    stdout."""
    doc = f"""# Benchmarks

Measured by `make bench` ({datetime.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} cores;
the numbers below are from the last run, rewritten by each `make bench`; this run took
{took / 60:.1f} min). The machine is a shared VM: other work on it moves the wall-clock and CPU
figures from run to run.

""" + "\n".join(sections)
    kept = [s for s in _sections(_read(out))[1:] if s.startswith(KEPT)]
    _save(out, _join(doc, kept) if kept else doc)
    print(f"wrote {out} ({took:.0f} s)")


def write_section(out, section):
    """Puts `section` (a text opening with its "## " heading line) into the report at `out`: in
    place of the section with the same heading, or at the end."""
    heading = section.split("\n", 1)[0]
    head, *sections = _sections(_read(out))
    same = [i for i, s in enumerate(sections) if s.split("\n", 1)[0] == heading]
    if same:
        sections[same[0]] = section
    else:
        sections.append(section)
    _save(out, _join(head, sections))
    print(f"wrote the section {heading[3:]!r} of {out}")


def _read(out):
    try:
        with open(out) as f:
            return f.read()
    except FileNotFoundError:
        return "# Benchmarks\n"


def _sections(text):
    """The text split before each line that opens with "## ": [head, section, section, ...]
    (a "### " line stays inside its section)."""
    parts = [""]
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            parts.append("")
        parts[-1] += line
    return parts


def _join(head, sections):
    """The head and the sections with one blank line before each section."""
    return head.rstrip("\n") + "\n\n" + "\n".join(s.rstrip("\n") + "\n" for s in sections)


def _save(out, doc):
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write(doc)
