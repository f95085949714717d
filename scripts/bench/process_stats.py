"""What a running process costs, read from /proc: CPU time of the whole process and of each
thread (in clock ticks of TICKS a second, or per thread in nanoseconds from the scheduler) and
the memory lines of /proc/PID/status."""
import os

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """utime + stime of a whole process (all threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)


def thread_ticks(pid):
    """{(tid, thread name): utime + stime} for each thread of a process."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                head, rest = f.read().rsplit(")", 1)
            fields = rest.split()
            out[(tid, head.split("(", 1)[1])] = int(fields[11]) + int(fields[12])
        except OSError:
            pass  # thread ended
    return out


def thread_cpu_ns(pid):
    """{tid: CPU time in ns} for each thread of a process: the scheduler's own running total
    (the first field of /proc/PID/task/TID/schedstat), not sampled at clock ticks as utime and
    stime are, so a window of a few seconds resolves a client using under 1 % of a core."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                out[tid] = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # thread ended
    return out


def status_kb(pid, key):
    """A line of /proc/PID/status in kB (VmHWM, VmRSS, RssShmem), or None."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None
