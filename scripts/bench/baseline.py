"""The baseline binary of `make bench-compare`: an older revision's release `woodshed`, built in a
throw-away `git worktree` under BASELINE_DIR (git-ignored) and kept there by commit hash, so the
next comparison against the same revision skips the build."""
import os, shutil, subprocess, sys, time

from .tools import ROOT, Unavailable, run_tool

BASELINE_DIR = os.path.join(ROOT, ".build-baseline")


def resolve(rev):
    """The full commit hash of `rev` (a hash, tag or branch); Unavailable if git does not know it."""
    r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if r.returncode != 0:
        raise Unavailable(f"git knows no commit {rev!r}")
    return r.stdout.strip()


def binary(rev):
    """The path of `rev`'s release woodshed, building it first if it is not cached. The folder
    BASELINE_DIR/COMMIT/bin holds the binary and its resource bundles (SwiftPM's
    `*.resources`, found next to the executable); the worktree and the build folder are removed
    once the binary is copied out."""
    commit = resolve(rev)
    home = os.path.join(BASELINE_DIR, commit)
    bin_dir = os.path.join(home, "bin")
    woodshed = os.path.join(bin_dir, "woodshed")
    if os.access(woodshed, os.X_OK):
        print(f"baseline {commit[:7]}: cached {os.path.relpath(woodshed, ROOT)}")
        return woodshed
    src, scratch = os.path.join(home, "src"), os.path.join(home, "build")
    _remove_worktree(src)  # left by an interrupted build
    os.makedirs(home, exist_ok=True)
    run_tool(["git", "-C", ROOT, "worktree", "add", "--force", "--detach", "--quiet", src, commit])
    try:
        # The dependencies at the versions this tree resolved (Package.resolved is not committed):
        # the comparison is of our code, and no network is needed when they are in SwiftPM's cache.
        if os.path.exists(os.path.join(ROOT, "Package.resolved")):
            shutil.copy(os.path.join(ROOT, "Package.resolved"), src)
        print(f"baseline {commit[:7]}: swift build -c release --product woodshed (a few minutes, once)", flush=True)
        t0 = time.monotonic()
        r = subprocess.run(["swift", "build", "-c", "release", "--product", "woodshed",
                            "--package-path", src, "--scratch-path", scratch], stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise Unavailable(f"the release build of {commit[:7]} failed (status {r.returncode})")
        built = os.path.join(scratch, "release")
        part = f"{bin_dir}.part"
        shutil.rmtree(part, ignore_errors=True)
        os.makedirs(part)
        shutil.copy2(os.path.join(built, "woodshed"), part)
        for name in os.listdir(built):
            if name.endswith(".resources"):
                shutil.copytree(os.path.join(built, name), os.path.join(part, name), symlinks=True)
        os.rename(part, bin_dir)
        print(f"baseline {commit[:7]}: built in {time.monotonic() - t0:.0f} s", flush=True)
    finally:
        _remove_worktree(src)
        shutil.rmtree(scratch, ignore_errors=True)
    return woodshed


def _remove_worktree(src):
    """Removes the throw-away worktree at `src` and git's record of it, if there is one (a record
    whose folder is gone is overwritten by the next `git worktree add --force`)."""
    if os.path.exists(src):
        r = subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", src],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"baseline: git worktree remove {src}: {r.stderr.strip()}", file=sys.stderr)
            shutil.rmtree(src, ignore_errors=True)
