/*
 * hit_performer: a synthetic player for the listening tests. It plays a known list of drum-like
 * hits into its output port `out` (which the test connects to woodshed:in), timed against
 * woodshed's click, with set deviations, seeded jitter and a simulated interface latency. A second
 * mode copies its input to its output delayed by exactly N frames (a loopback cable for
 * `woodshed calibrate`).
 *
 * Playing hits:
 *
 *   hit_performer [-n CLIENTNAME] (--anchor-port PORT | --anchor-frame F)
 *                 (--hits FILE | --every FRAMES --count K [--first FRAMES] [--deviations MS,MS,...])
 *                 [--jitter-ms J] [--seed S] [--latency FRAMES] [--gain G] [--burst-ms MS]
 *                 [--threshold T] [--connect PORT] [--truth FILE]
 *
 *   --anchor-port PORT  an audio output port to listen to (woodshed:click): the anchor is the server
 *                       frame of the first onset heard there, a sample whose magnitude is above T
 *                       (default 0.001) after at least 96 heard at or below it (joining in the
 *                       middle of a click does not anchor on its tail). The
 *                       port (retried for up to 5 s) is connected to this client's `anchor_in` at
 *                       start and disconnected
 *                       once the anchor is found; only then is `out` connected (--connect). Connect
 *                       `out` to woodshed:in no earlier: with both connections at once the graph
 *                       is a loop, and JACK runs one of its two edges a period late.
 *   --anchor-frame F    the anchor as a JACK server frame (32-bit, as jack_last_frame_time counts).
 *   --hits FILE         one hit a line, "GRID_FRAME DEVIATION_MS": the grid position in frames after
 *                       the anchor, and how early (< 0) or late (> 0) it is played, in ms (any real,
 *                       −30 … +30 in the tests). Blank lines and lines starting with '#' are skipped.
 *   --every FRAMES --count K [--first FRAMES]
 *                       instead of a file: K hits at grid frames FIRST + k·FRAMES (FIRST default 0).
 *   --deviations LIST   with --every: comma-separated ms, used in turn (cycled); default all 0.
 *   --jitter-ms J       adds to each hit a uniform random deviation in [−J, +J] ms (default 0),
 *                       from a splitmix64 generator seeded with S (--seed, default 1).
 *   --latency FRAMES    the simulated interface latency L (default 0): every hit comes out L frames
 *                       after it was played, and `out` declares it as its capture latency
 *                       (jack_port_set_latency_range, JackCaptureLatency, min = max = L).
 *   --gain G            the burst's peak (default 0.8). --burst-ms: its length (default 50 ms).
 *   --connect PORT      connects `out` to PORT (e.g. woodshed:in) once the anchor is known.
 *   --truth FILE        written once the anchor is known: "# rate R anchor A latency L", then one
 *                       line per hit, "GRID_FRAME DEVIATION_FRAMES PLAYED_FRAME OUT_FRAME" with
 *                       PLAYED_FRAME = A + GRID_FRAME + DEVIATION_FRAMES (a server frame, unwrapped
 *                       from A) and OUT_FRAME = PLAYED_FRAME + L, the server frame of the burst's
 *                       first sample on `out`.
 *
 * A hit's deviation in frames is round((DEVIATION_MS + jitter) · rate / 1000), round(x) meaning
 * floor(x + 1/2). Each burst is decaying noise: sample j is gain · s_j · exp(−j / (6 ms)), s_j of
 * random sign and magnitude in [0.5, 1] from the same generator (seed S, hit index k), so the
 * burst's first sample is at least gain/2: its onset is its first sample. Prints "ready" once
 * active, "anchor A" once anchored, "done" when the last burst has been played, then exits.
 *
 * Delaying:
 *
 *   hit_performer [-n CLIENTNAME] --delay N [--declared M] [--connect PORT]
 *
 * copies input port `in` to `out` delayed by exactly N frames (0 … 1000000; out at server frame t
 * carries in at t − N, zeros before and for cycles the server skipped) and declares it as JACK's
 * latency API expects of a through client: the capture latency of `out` is that of `in` plus M,
 * the playback latency of `in` that of `out` plus M, M = N unless --declared gives another (an
 * interface whose latency JACK does not fully know). Prints "ready" once active; runs until
 * SIGTERM or SIGINT.
 *
 * Real-time path: process() only; it reads precomputed bursts and a preallocated ring and
 * publishes through atomics. No allocation, lock, I/O or logging there.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jack/jack.h>

#define MAX_HITS 100000

static jack_client_t *client;
static jack_port_t *out_port, *in_port, *anchor_port;
static volatile sig_atomic_t stop;

/* Delay mode: built in main. */
static int delay_mode;
static int64_t delay_frames;
static int64_t declared_frames; /* the latency declared: the delay unless --declared */
static float *ring;
static uint32_t ring_mask, ring_next;
static int ring_started;

/* Play mode: built in main before activation. */
static int64_t hit_count;
static int64_t *grid_frames, *deviation_frames; /* per hit */
static int64_t *start_after_anchor;               /* grid + deviation + latency, sorted */
static float *bursts;                              /* hit_count × burst_frames */
static int64_t burst_frames;
static int64_t latency;
static float threshold = 0.001f;
static atomic_int anchored;     /* process (or main, --anchor-frame): anchor is set */
static atomic_uint anchor;      /* server frame */
static atomic_int finished;     /* process: the last burst is out */
static int64_t next_hit;        /* process only: first hit not yet fully played */
#define ANCHOR_QUIET 96         /* an onset: above the threshold after this many frames at or below */
static int64_t quiet_frames;    /* process only: frames at or below the threshold, as heard */
static atomic_int server_gone;

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *state) { return (double)(splitmix64(state) >> 11) * 0x1.0p-53; }

/* Real-time thread. */
static int process(jack_nframes_t n, void *arg) {
    (void)arg;
    float *out = jack_port_get_buffer(out_port, n);
    if (delay_mode) {
        /* Indexed by server frame, so that a cycle the server skipped does not shift the delay:
           its frames are zeros (bounded by the ring's size). */
        const float *in = jack_port_get_buffer(in_port, n);
        uint32_t t = jack_last_frame_time(client);
        if (ring_started) {
            uint32_t missed = t - ring_next;
            for (uint32_t k = 0; k < missed && k <= ring_mask; k++) ring[(uint32_t)(ring_next + k) & ring_mask] = 0;
        }
        ring_started = 1;
        for (jack_nframes_t i = 0; i < n; i++) {
            ring[(uint32_t)(t + i) & ring_mask] = in[i];
            out[i] = ring[(uint32_t)(t + i - (uint32_t)delay_frames) & ring_mask];
        }
        ring_next = t + n;
        return 0;
    }
    memset(out, 0, sizeof(float) * n);
    uint32_t t = jack_last_frame_time(client);
    if (!atomic_load_explicit(&anchored, memory_order_acquire)) {
        if (!anchor_port) return 0;
        const float *in = jack_port_get_buffer(anchor_port, n);
        for (jack_nframes_t i = 0; i < n; i++) {
            if (fabsf(in[i]) > threshold) {
                if (quiet_frames >= ANCHOR_QUIET) {
                    atomic_store_explicit(&anchor, t + i, memory_order_relaxed);
                    atomic_store_explicit(&anchored, 1, memory_order_release);
                    break;
                }
                quiet_frames = 0;
            } else {
                quiet_frames++;
            }
        }
        if (!atomic_load_explicit(&anchored, memory_order_relaxed)) return 0;
    }
    uint32_t a = atomic_load_explicit(&anchor, memory_order_relaxed);
    /* This cycle, in frames after the anchor (wrapping subtraction; before the anchor: < 0). */
    int64_t from = (int64_t)(int32_t)(t - a), to = from + (int64_t)n;
    while (next_hit < hit_count && start_after_anchor[next_hit] + burst_frames <= from) next_hit++;
    for (int64_t k = next_hit; k < hit_count && start_after_anchor[k] < to; k++) {
        int64_t s = start_after_anchor[k];
        int64_t lo = s > from ? s : from, hi = s + burst_frames < to ? s + burst_frames : to;
        const float *b = bursts + k * burst_frames;
        for (int64_t f = lo; f < hi; f++) out[f - from] += b[f - s];
    }
    if (hit_count == 0 || start_after_anchor[hit_count - 1] + burst_frames <= to)
        atomic_store_explicit(&finished, 1, memory_order_release);
    return 0;
}

/* Latency callback: JACK's thread, when the graph's latencies are recomputed. */
static void on_latency(jack_latency_callback_mode_t mode, void *arg) {
    (void)arg;
    jack_latency_range_t r;
    if (delay_mode) {
        if (mode == JackCaptureLatency) {
            jack_port_get_latency_range(in_port, mode, &r);
            r.min += (jack_nframes_t)declared_frames;
            r.max += (jack_nframes_t)declared_frames;
            jack_port_set_latency_range(out_port, mode, &r);
        } else {
            jack_port_get_latency_range(out_port, mode, &r);
            r.min += (jack_nframes_t)declared_frames;
            r.max += (jack_nframes_t)declared_frames;
            jack_port_set_latency_range(in_port, mode, &r);
        }
        return;
    }
    if (mode == JackCaptureLatency) {
        r.min = r.max = (jack_nframes_t)latency;
        jack_port_set_latency_range(out_port, mode, &r);
    } else if (anchor_port) {
        r.min = r.max = 0;
        jack_port_set_latency_range(anchor_port, mode, &r);
    }
}

static void on_shutdown(void *arg) {
    (void)arg;
    atomic_store_explicit(&server_gone, 1, memory_order_release);
}

static void on_signal(int s) { (void)s; stop = 1; }

static void usage(void) {
    fprintf(stderr,
            "usage: hit_performer [-n NAME] (--anchor-port PORT | --anchor-frame F) (--hits FILE | --every FRAMES --count K\n"
            "                     [--first FRAMES] [--deviations MS,...]) [--jitter-ms J] [--seed S] [--latency FRAMES]\n"
            "                     [--gain G] [--burst-ms MS] [--threshold T] [--connect PORT] [--truth FILE]\n"
            "       hit_performer [-n NAME] --delay N [--declared M] [--connect PORT]\n");
    exit(2);
}

static double number(const char *what, const char *text) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end) {
        fprintf(stderr, "hit_performer: %s must be a number, not \"%s\"\n", what, text);
        exit(2);
    }
    return v;
}

static int64_t round_half_up(double x) { return (int64_t)floor(x + 0.5); }

static double *deviation_ms; /* per hit, as given (before jitter) */

static void add_hit(int64_t grid, double ms) {
    if (hit_count >= MAX_HITS) {
        fprintf(stderr, "hit_performer: at most %d hits\n", MAX_HITS);
        exit(2);
    }
    grid_frames[hit_count] = grid;
    deviation_ms[hit_count] = ms;
    hit_count++;
}

static void read_hits(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "hit_performer: cannot read %s: %s\n", path, strerror(errno));
        exit(2);
    }
    char line[256];
    int number_of_line = 0;
    while (fgets(line, sizeof line, f)) {
        number_of_line++;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\0') continue;
        long long grid;
        double ms;
        if (sscanf(p, "%lld %lf", &grid, &ms) != 2) {
            fprintf(stderr, "hit_performer: %s line %d: expected \"GRID_FRAME DEVIATION_MS\"\n", path, number_of_line);
            exit(2);
        }
        add_hit((int64_t)grid, ms);
    }
    fclose(f);
}

static int compare_hits(const void *a, const void *b) {
    int64_t x = start_after_anchor[*(const int64_t *)a], y = start_after_anchor[*(const int64_t *)b];
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    const char *name = "hit_performer", *anchor_name = NULL, *hits_path = NULL, *deviations = NULL;
    const char *connect_to = NULL, *truth_path = NULL;
    double jitter_ms = 0, gain = 0.8, burst_ms = 50;
    long long anchor_frame = -1, every = -1, count = -1, first = 0, delay = -1, declared = -1;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(a, "-n") && v) name = v;
        else if (!strcmp(a, "--anchor-port") && v) anchor_name = v;
        else if (!strcmp(a, "--anchor-frame") && v) anchor_frame = (long long)number(a, v);
        else if (!strcmp(a, "--hits") && v) hits_path = v;
        else if (!strcmp(a, "--every") && v) every = (long long)number(a, v);
        else if (!strcmp(a, "--count") && v) count = (long long)number(a, v);
        else if (!strcmp(a, "--first") && v) first = (long long)number(a, v);
        else if (!strcmp(a, "--deviations") && v) deviations = v;
        else if (!strcmp(a, "--jitter-ms") && v) jitter_ms = number(a, v);
        else if (!strcmp(a, "--seed") && v) seed = (uint64_t)number(a, v);
        else if (!strcmp(a, "--latency") && v) latency = (int64_t)number(a, v);
        else if (!strcmp(a, "--gain") && v) gain = number(a, v);
        else if (!strcmp(a, "--burst-ms") && v) burst_ms = number(a, v);
        else if (!strcmp(a, "--threshold") && v) threshold = (float)number(a, v);
        else if (!strcmp(a, "--connect") && v) connect_to = v;
        else if (!strcmp(a, "--truth") && v) truth_path = v;
        else if (!strcmp(a, "--delay") && v) delay = (long long)number(a, v);
        else if (!strcmp(a, "--declared") && v) declared = (long long)number(a, v);
        else usage();
        i += takes;
    }
    delay_mode = delay >= 0;
    if (delay_mode) {
        if (anchor_name || anchor_frame >= 0 || hits_path || every >= 0 || delay > 1000000) usage();
    } else {
        if ((anchor_name != NULL) == (anchor_frame >= 0)) usage();
        if ((hits_path != NULL) == (every >= 0)) usage();
        if (every >= 0 && count < 0) usage();
        if (latency < 0 || !(burst_ms > 0)) usage();
    }

    jack_status_t status;
    client = jack_client_open(name, JackNoStartServer, &status);
    if (!client) {
        fprintf(stderr, "hit_performer: cannot open a JACK client (status 0x%x)\n", (unsigned)status);
        return 1;
    }
    int rate = (int)jack_get_sample_rate(client);
    out_port = jack_port_register(client, "out", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    if (!out_port) { fprintf(stderr, "hit_performer: cannot register out\n"); return 1; }

    if (delay_mode) {
        delay_frames = delay;
        declared_frames = declared >= 0 ? declared : delay;
        uint32_t size = 1;
        while (size < (uint32_t)delay_frames + 16384) size <<= 1;
        ring = calloc(size, sizeof(float));
        ring_mask = size - 1;
        in_port = jack_port_register(client, "in", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
        if (!ring || !in_port) { fprintf(stderr, "hit_performer: cannot register in or allocate the delay\n"); return 1; }
    } else {
        grid_frames = calloc(MAX_HITS, sizeof(int64_t));
        deviation_frames = calloc(MAX_HITS, sizeof(int64_t));
        deviation_ms = calloc(MAX_HITS, sizeof(double));
        if (!grid_frames || !deviation_frames || !deviation_ms) { fprintf(stderr, "hit_performer: out of memory\n"); return 1; }
        if (hits_path) {
            read_hits(hits_path);
        } else {
            double given[1024];
            int ngiven = 0;
            if (deviations) {
                const char *p = deviations;
                while (*p && ngiven < 1024) {
                    char *end;
                    given[ngiven++] = strtod(p, &end);
                    if (end == p) { fprintf(stderr, "hit_performer: --deviations: \"%s\" is not a list of ms\n", deviations); return 2; }
                    p = *end == ',' ? end + 1 : end;
                }
            }
            for (long long k = 0; k < count; k++) add_hit(first + k * every, ngiven ? given[k % ngiven] : 0);
        }
        /* Deviations with jitter, in frames; the order of play; the bursts. */
        uint64_t jitter_state = seed;
        start_after_anchor = calloc((size_t)hit_count + 1, sizeof(int64_t));
        int64_t *order = calloc((size_t)hit_count + 1, sizeof(int64_t));
        if (!start_after_anchor || !order) { fprintf(stderr, "hit_performer: out of memory\n"); return 1; }
        for (int64_t k = 0; k < hit_count; k++) {
            double ms = deviation_ms[k] + (jitter_ms > 0 ? jitter_ms * (2 * uniform(&jitter_state) - 1) : 0);
            deviation_frames[k] = round_half_up(ms * rate / 1000.0);
            start_after_anchor[k] = grid_frames[k] + deviation_frames[k] + latency;
            order[k] = k;
        }
        qsort(order, (size_t)hit_count, sizeof(int64_t), compare_hits);
        int64_t *g = calloc((size_t)hit_count + 1, sizeof(int64_t)), *d = calloc((size_t)hit_count + 1, sizeof(int64_t));
        int64_t *s = calloc((size_t)hit_count + 1, sizeof(int64_t));
        if (!g || !d || !s) { fprintf(stderr, "hit_performer: out of memory\n"); return 1; }
        for (int64_t k = 0; k < hit_count; k++) {
            g[k] = grid_frames[order[k]];
            d[k] = deviation_frames[order[k]];
            s[k] = start_after_anchor[order[k]];
        }
        grid_frames = g;
        deviation_frames = d;
        start_after_anchor = s;
        burst_frames = round_half_up(burst_ms * rate / 1000.0);
        if (burst_frames < 1) burst_frames = 1;
        bursts = calloc((size_t)(hit_count * burst_frames + 1), sizeof(float));
        if (!bursts) { fprintf(stderr, "hit_performer: out of memory\n"); return 1; }
        double tau = 0.006 * rate;
        for (int64_t k = 0; k < hit_count; k++) {
            uint64_t state = seed ^ (0xd1b54a32d192ed03ULL * (uint64_t)(k + 1));
            for (int64_t j = 0; j < burst_frames; j++) {
                double magnitude = 0.5 + 0.5 * uniform(&state);
                double sign = (splitmix64(&state) & 1) ? 1.0 : -1.0;
                bursts[k * burst_frames + j] = (float)(gain * sign * magnitude * exp(-(double)j / tau));
            }
        }
        if (anchor_name) {
            anchor_port = jack_port_register(client, "anchor_in", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
            if (!anchor_port) { fprintf(stderr, "hit_performer: cannot register anchor_in\n"); return 1; }
        } else {
            atomic_store_explicit(&anchor, (uint32_t)anchor_frame, memory_order_relaxed);
            atomic_store_explicit(&anchored, 1, memory_order_release);
        }
    }

    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    jack_set_process_callback(client, process, NULL);
    jack_set_latency_callback(client, on_latency, NULL);
    jack_on_shutdown(client, on_shutdown, NULL);
    if (jack_activate(client)) { fprintf(stderr, "hit_performer: cannot activate\n"); return 1; }
    if (anchor_name) {
        /* The port's client may not be there yet, or not active (JACK refuses then): retry. */
        int r = -1;
        for (int tries = 0; tries < 500; tries++) {
            r = jack_connect(client, anchor_name, jack_port_name(anchor_port));
            if (r == 0 || r == EEXIST) break;
            usleep(10000);
        }
        if (r != 0 && r != EEXIST) {
            fprintf(stderr, "hit_performer: cannot connect %s to %s\n", anchor_name, jack_port_name(anchor_port));
            jack_client_close(client);
            return 1;
        }
    }
    printf("ready\n");
    fflush(stdout);

    int code = 0;
    if (delay_mode) {
        if (connect_to && jack_connect(client, jack_port_name(out_port), connect_to) != 0) {
            fprintf(stderr, "hit_performer: cannot connect out to %s\n", connect_to);
            code = 1;
        }
        while (!code && !stop && !atomic_load_explicit(&server_gone, memory_order_acquire)) usleep(10000);
    } else {
        while (!stop && !atomic_load_explicit(&anchored, memory_order_acquire)) {
            if (atomic_load_explicit(&server_gone, memory_order_acquire)) break;
            usleep(1000);
        }
        if (atomic_load_explicit(&anchored, memory_order_acquire)) {
            if (anchor_name) jack_disconnect(client, anchor_name, jack_port_name(anchor_port));
            if (connect_to && jack_connect(client, jack_port_name(out_port), connect_to) != 0) {
                fprintf(stderr, "hit_performer: cannot connect out to %s\n", connect_to);
                code = 1;
            }
            uint32_t a = atomic_load_explicit(&anchor, memory_order_relaxed);
            if (truth_path) {
                FILE *f = fopen(truth_path, "w");
                if (!f) {
                    fprintf(stderr, "hit_performer: cannot write %s: %s\n", truth_path, strerror(errno));
                    code = 1;
                } else {
                    fprintf(f, "# rate %d anchor %u latency %lld\n", rate, a, (long long)latency);
                    for (int64_t k = 0; k < hit_count; k++) {
                        int64_t played = (int64_t)a + grid_frames[k] + deviation_frames[k];
                        fprintf(f, "%lld %lld %lld %lld\n", (long long)grid_frames[k], (long long)deviation_frames[k],
                                (long long)played, (long long)(played + latency));
                    }
                    if (fclose(f) != 0) code = 1;
                }
            }
            printf("anchor %u\n", a);
            fflush(stdout);
        }
        while (!code && !stop && !atomic_load_explicit(&finished, memory_order_acquire)) {
            if (atomic_load_explicit(&server_gone, memory_order_acquire)) break;
            usleep(1000);
        }
        if (atomic_load_explicit(&finished, memory_order_acquire)) {
            printf("done\n");
            fflush(stdout);
        } else if (!stop) {
            fprintf(stderr, "hit_performer: the JACK server shut down before the last hit\n");
            code = 1;
        }
    }
    if (!atomic_load_explicit(&server_gone, memory_order_acquire)) {
        jack_deactivate(client);
        jack_client_close(client);
    }
    return code;
}
