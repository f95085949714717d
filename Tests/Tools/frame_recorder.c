/*
 * frame_recorder: records JACK ports into a float WAV, each period at its server frame time.
 *
 *   frame_recorder -o out.wav -s SECONDS [-n CLIENTNAME] PORT...
 *
 * Each PORT (a source, e.g. "woodshed:click") is connected to an input of its own; the file has
 * one channel per port, in the order given. Recording starts at the first cycle after all
 * connections are made (server frame t0). Every later cycle is copied to offset
 * (uint32_t)(jack_last_frame_time - t0), so a cycle the recorder missed leaves zeros in the file
 * instead of shifting what follows: the time axis of the file is the server's. Stops when the
 * offset reaches SECONDS worth of frames, then writes OUT and a JSON sidecar OUT.json:
 *
 *   {"rate":48000,"period":64,"first_server_frame":t0,"frames":N,"gaps":[[start,length],...],"xruns":K}
 *
 * gaps lists the frame ranges of the file that no cycle wrote, or that two cycles wrote (the
 * server's clock stepped back); xruns counts the server's xrun
 * notifications during the recording. One more key, "xrun_frames", gives for each of them
 * (up to 1024) the file frame at which the notification arrived (jack_frame_time - t0): a late
 * estimate, since notifications come through the server's notification thread, not the cycle.
 * A second sidecar, OUT.cycles, has one line per cycle recorded, "FILE_FRAME SECONDS": the
 * cycle's first file frame and CLOCK_MONOTONIC when its process callback began (for timing
 * against other programs' clocks: file frame k of that cycle was produced at about
 * SECONDS + (k - FILE_FRAME) / rate).
 *
 * Real-time path: process() only; it copies into buffers preallocated (and touched) in main,
 * marks the frames it wrote in a preallocated map, and publishes progress through atomics.
 * No allocation, lock, I/O or logging there.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jack/jack.h>
#include <sndfile.h>

#define MAX_PORTS 32

/* Built in main before activation; read by process(). */
static jack_client_t *client;
static jack_port_t *inputs[MAX_PORTS];
static int channels;
static float *planes[MAX_PORTS]; /* one plane of `total` frames per channel */
static unsigned char *written;   /* 1 where a cycle wrote the frame */
static int64_t total;            /* frames to record */

/* Each cycle's first file frame and CLOCK_MONOTONIC at its callback: preallocated in main. */
static int64_t *cycle_frames;
static double *cycle_seconds;
static int64_t max_cycles;
static atomic_llong cycles;

/* Shared between process() and main. */
static atomic_int armed;         /* main: connections done, start recording */
static atomic_int started;       /* process: t0 is set */
static atomic_uint first_frame;  /* t0 */
static atomic_llong high_water;  /* end of the furthest frame written */
static atomic_int done;          /* process: offset reached `total` */
static atomic_int server_gone;   /* shutdown callback */
static atomic_int xruns;         /* xrun callback */
#define MAX_XRUN_FRAMES 1024
static int64_t xrun_frames[MAX_XRUN_FRAMES]; /* xrun callback only, read by main after close */
static volatile sig_atomic_t interrupted;

/* Real-time thread. */
static int process(jack_nframes_t nframes, void *arg) {
    (void)arg;
    if (!atomic_load_explicit(&armed, memory_order_acquire)) return 0;
    jack_nframes_t t = jack_last_frame_time(client);
    if (!atomic_load_explicit(&started, memory_order_relaxed)) {
        atomic_store_explicit(&first_frame, t, memory_order_relaxed);
        atomic_store_explicit(&started, 1, memory_order_release);
    }
    uint32_t t0 = atomic_load_explicit(&first_frame, memory_order_relaxed);
    int64_t offset = (int64_t)(uint32_t)(t - t0); /* wrapping subtraction */
    if (offset >= total) {
        atomic_store_explicit(&done, 1, memory_order_release);
        return 0;
    }
    int64_t n = atomic_load_explicit(&cycles, memory_order_relaxed);
    if (n < max_cycles) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts); /* vDSO: no system call */
        cycle_frames[n] = offset;
        cycle_seconds[n] = (double)ts.tv_sec + ts.tv_nsec / 1e9;
        atomic_store_explicit(&cycles, n + 1, memory_order_release);
    }
    int64_t len = (int64_t)nframes;
    if (offset + len > total) len = total - offset;
    for (int c = 0; c < channels; c++) {
        const float *in = (const float *)jack_port_get_buffer(inputs[c], nframes);
        memcpy(planes[c] + offset, in, (size_t)len * sizeof(float));
    }
    /* 1: written once. 2: written again by a later cycle (the server's clock stepped back, as
       jackd2 does on a buffer-size change): the frames are not trustworthy, reported as a gap. */
    for (int64_t i = 0; i < len; i++) written[offset + i] = written[offset + i] ? 2 : 1;
    int64_t end = offset + len;
    if (end > atomic_load_explicit(&high_water, memory_order_relaxed))
        atomic_store_explicit(&high_water, end, memory_order_release);
    if (end >= total) atomic_store_explicit(&done, 1, memory_order_release);
    return 0;
}

/* Notification thread. */
static int on_xrun(void *arg) {
    (void)arg;
    if (!atomic_load_explicit(&started, memory_order_acquire)) return 0;
    int k = atomic_fetch_add_explicit(&xruns, 1, memory_order_relaxed);
    uint32_t t0 = atomic_load_explicit(&first_frame, memory_order_relaxed);
    if (k < MAX_XRUN_FRAMES) xrun_frames[k] = (int64_t)(uint32_t)(jack_frame_time(client) - t0);
    return 0;
}

static void on_shutdown(void *arg) {
    (void)arg;
    atomic_store_explicit(&server_gone, 1, memory_order_release);
}

static void on_signal(int sig) {
    (void)sig;
    interrupted = 1;
}

static void usage(void) {
    fprintf(stderr, "usage: frame_recorder -o OUT.wav -s SECONDS [-n CLIENTNAME] PORT...\n");
    exit(2);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int write_wav(const char *path, int rate, int64_t frames) {
    SF_INFO info = {0};
    info.samplerate = rate;
    info.channels = channels;
    info.format = SF_FORMAT_WAV | SF_FORMAT_FLOAT;
    SNDFILE *f = sf_open(path, SFM_WRITE, &info);
    if (!f) {
        fprintf(stderr, "frame_recorder: cannot write %s: %s\n", path, sf_strerror(NULL));
        return -1;
    }
    enum { BLOCK = 4096 };
    float *block = malloc(sizeof(float) * BLOCK * (size_t)channels);
    if (!block) { sf_close(f); return -1; }
    for (int64_t at = 0; at < frames; at += BLOCK) {
        int64_t n = frames - at < BLOCK ? frames - at : BLOCK;
        for (int64_t i = 0; i < n; i++)
            for (int c = 0; c < channels; c++) block[i * channels + c] = planes[c][at + i];
        if (sf_writef_float(f, block, n) != n) {
            fprintf(stderr, "frame_recorder: write error on %s: %s\n", path, sf_strerror(f));
            free(block);
            sf_close(f);
            return -1;
        }
    }
    free(block);
    return sf_close(f) == 0 ? 0 : -1;
}

static int write_cycles(const char *wav) {
    size_t n = strlen(wav) + 8;
    char *path = malloc(n);
    if (!path) return -1;
    snprintf(path, n, "%s.cycles", wav);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "frame_recorder: cannot write %s: %s\n", path, strerror(errno));
        free(path);
        return -1;
    }
    int64_t count = atomic_load_explicit(&cycles, memory_order_acquire);
    for (int64_t i = 0; i < count; i++) fprintf(f, "%lld %.6f\n", (long long)cycle_frames[i], cycle_seconds[i]);
    fclose(f);
    free(path);
    return 0;
}

static int write_json(const char *wav, int rate, int period, uint32_t t0, int64_t frames, int nxruns) {
    size_t n = strlen(wav) + 6;
    char *path = malloc(n);
    if (!path) return -1;
    snprintf(path, n, "%s.json", wav);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "frame_recorder: cannot write %s: %s\n", path, strerror(errno));
        free(path);
        return -1;
    }
    fprintf(f, "{\"rate\":%d,\"period\":%d,\"first_server_frame\":%u,\"frames\":%lld,\"gaps\":[",
            rate, period, t0, (long long)frames);
    int first = 1;
    for (int64_t i = 0; i < frames;) {
        if (written[i] == 1) { i++; continue; }
        int64_t start = i;
        while (i < frames && written[i] != 1) i++;
        fprintf(f, "%s[%lld,%lld]", first ? "" : ",", (long long)start, (long long)(i - start));
        first = 0;
    }
    fprintf(f, "],\"xruns\":%d,\"xrun_frames\":[", nxruns);
    for (int k = 0; k < nxruns && k < MAX_XRUN_FRAMES; k++)
        fprintf(f, "%s%lld", k ? "," : "", (long long)xrun_frames[k]);
    fprintf(f, "]}\n");
    int ok = fclose(f) == 0;
    free(path);
    return ok ? 0 : -1;
}

int main(int argc, char **argv) {
    const char *out = NULL, *name = "frame_recorder";
    double seconds = -1;
    int opt, named = 0;
    while ((opt = getopt(argc, argv, "o:s:n:h")) != -1) {
        switch (opt) {
        case 'o': out = optarg; break;
        case 's': seconds = atof(optarg); break;
        case 'n': name = optarg; named = 1; break;
        default: usage();
        }
    }
    channels = argc - optind;
    if (!out || !(seconds > 0) || channels < 1) usage();
    if (channels > MAX_PORTS) {
        fprintf(stderr, "frame_recorder: at most %d ports\n", MAX_PORTS);
        return 2;
    }

    jack_status_t status;
    jack_options_t options = JackNoStartServer | (named ? JackUseExactName : 0);
    client = jack_client_open(name, options, &status);
    if (!client) {
        const char *why = (status & JackServerFailed) ? ": no JACK server running"
                        : (status & JackNameNotUnique) ? ": the name is taken" : "";
        fprintf(stderr, "frame_recorder: cannot open JACK client \"%s\" (status 0x%x)%s\n", name,
                (unsigned)status, why);
        return 1;
    }
    int rate = (int)jack_get_sample_rate(client);
    int period = (int)jack_get_buffer_size(client);
    total = (int64_t)llround(seconds * rate);

    for (int c = 0; c < channels; c++) {
        const char *src = argv[optind + c];
        jack_port_t *p = jack_port_by_name(client, src);
        if (!p || !(jack_port_flags(p) & JackPortIsOutput)) {
            fprintf(stderr, "frame_recorder: no output port named \"%s\"\n", src);
            jack_client_close(client);
            return 1;
        }
        char pname[32];
        snprintf(pname, sizeof pname, "in_%d", c + 1);
        inputs[c] = jack_port_register(client, pname, JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
        planes[c] = malloc(sizeof(float) * (size_t)total);
        if (!inputs[c] || !planes[c]) {
            fprintf(stderr, "frame_recorder: cannot register port or allocate %lld frames\n", (long long)total);
            jack_client_close(client);
            return 1;
        }
        memset(planes[c], 0, sizeof(float) * (size_t)total); /* touch every page before activation */
    }
    max_cycles = total / 16 + 16;
    cycle_frames = calloc((size_t)max_cycles, sizeof(int64_t));
    cycle_seconds = calloc((size_t)max_cycles, sizeof(double));
    if (!cycle_frames || !cycle_seconds) {
        fprintf(stderr, "frame_recorder: cannot allocate the cycle times\n");
        return 1;
    }
    written = malloc((size_t)total);
    if (!written) {
        fprintf(stderr, "frame_recorder: cannot allocate %lld frames\n", (long long)total);
        return 1;
    }
    memset(written, 0, (size_t)total);

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    jack_set_process_callback(client, process, NULL);
    jack_set_xrun_callback(client, on_xrun, NULL);
    jack_on_shutdown(client, on_shutdown, NULL);
    if (jack_activate(client)) {
        fprintf(stderr, "frame_recorder: cannot activate client\n");
        jack_client_close(client);
        return 1;
    }
    for (int c = 0; c < channels; c++) {
        const char *src = argv[optind + c];
        int r = jack_connect(client, src, jack_port_name(inputs[c]));
        if (r != 0 && r != EEXIST) {
            fprintf(stderr, "frame_recorder: cannot connect %s to %s\n", src, jack_port_name(inputs[c]));
            jack_client_close(client);
            return 1;
        }
    }
    atomic_store_explicit(&armed, 1, memory_order_release);

    /* Wait for the recording, by frames; the wall-clock limit only catches a stalled server. */
    double deadline = now() + seconds * 2 + 10;
    const char *failure = NULL;
    while (!atomic_load_explicit(&done, memory_order_acquire)) {
        if (atomic_load_explicit(&server_gone, memory_order_acquire)) { failure = "the JACK server shut down"; break; }
        if (interrupted) { failure = "interrupted"; break; }
        if (now() > deadline) { failure = "timed out: the server stopped running cycles"; break; }
        usleep(10000);
    }
    int nxruns = atomic_load_explicit(&xruns, memory_order_relaxed);
    if (!atomic_load_explicit(&server_gone, memory_order_acquire)) {
        jack_deactivate(client);
        jack_client_close(client);
    }

    /* After a failure keep what was recorded, up to the furthest frame written. */
    int64_t frames = failure ? atomic_load_explicit(&high_water, memory_order_acquire) : total;
    uint32_t t0 = atomic_load_explicit(&first_frame, memory_order_acquire);
    if (write_wav(out, rate, frames) || write_json(out, rate, period, t0, frames, nxruns) || write_cycles(out)) return 1;
    if (failure) {
        fprintf(stderr, "frame_recorder: %s after %lld of %lld frames (partial recording written)\n",
                failure, (long long)frames, (long long)total);
        return 1;
    }
    return 0;
}
