"""The woodshed executable's start-up order (Sources/woodshed/startup.order): the functions of
the executable (ours, and the Swift runtime's and Foundation's, linked in) that `woodshed --version`,
`woodshed click` and `woodshed play` run in their
first seconds, which the linker places first and together (lld's --symbol-ordering-file, with
every Swift function in a section of its own). Spread over the 3.9 MB of code they made the
kernel keep most of it resident (it maps the 64 KiB around each page fault); together they fill
a few hundred kB (docs/benchmarks.md, "the causes, counted").

The functions are the ones valgrind's callgrind saw executed in the executable (its DWARF
stripped first, which valgrind needs), on a private JACK server (jack.Server); their names as
the symbol table has them, sorted, one a line. A function that is renamed or new is simply
placed after them: regenerate when the start-up changed much. SwiftPM does not know the
linker reads the file: after writing it, remove the executable so that it is linked again.

Usage (from the repository, after `make build`, which links the Swift runtime and Foundation in):
  PYTHONPATH=scripts python3 -m bench.startup_order .build/release/woodshed [--out Sources/woodshed/startup.order]
  rm .build/release/woodshed && make build"""
import argparse, os, re, shutil, subprocess, tempfile

from .jack import Server
from .material import Material

# What is run: the command line alone, and each live mode's first seconds (--for ends them).
RUNS = (
    ["--version"],
    ["click", "120", "--no-connect", "--jack-name", "order-click", "--for", "8s"],
    ["play", "{music}", "--speed", "1.0", "--engine", "faster", "--no-connect", "--jack-name", "order-play", "--for", "8s"],
)


def executed(profile, binary_name):
    """The names of the functions of `binary_name` that a callgrind profile saw run."""
    functions, objects, names, current = set(), {}, {}, None
    with open(profile, errors="replace") as f:
        for line in f:
            m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(3):
                    objects[m.group(2)] = m.group(3)
                if m.group(1) == "ob":
                    current = objects[m.group(2)]
                continue
            m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(3):
                    names[m.group(2)] = m.group(3)
                if m.group(1) == "fn" and current and os.path.basename(current) == binary_name:
                    functions.add(names[m.group(2)])
    return functions


def defined_functions(binary):
    """The function symbols the executable defines (nm)."""
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {p[2] for p in (l.split() for l in out.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def main():
    parser = argparse.ArgumentParser(description="Writes the woodshed executable's start-up order.")
    parser.add_argument("woodshed")
    parser.add_argument("--out", default="Sources/woodshed/startup.order")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="woodshed-startup-order-")
    try:
        binary = os.path.join(tmp, "woodshed")
        subprocess.run(["strip", "--strip-debug", "-o", binary, args.woodshed], check=True)
        music = Material(tmp).music()
        server = Server(tmp)
        functions = set()
        try:
            for i, run in enumerate(RUNS):
                profile = os.path.join(tmp, f"callgrind.{i}")
                cmd = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", binary]
                subprocess.run(cmd + [a.format(music=music) for a in run], env=server.env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600, check=True)
                functions |= executed(profile, "woodshed")
        finally:
            server.stop()
        functions &= defined_functions(binary)
        with open(args.out, "w") as f:
            f.write("".join(f"{name}\n" for name in sorted(functions)))
        print(f"{args.out}: {len(functions)} functions")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
