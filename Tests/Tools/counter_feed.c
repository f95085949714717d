/*
 * counter_feed: a JACK client whose output port `out` carries 24-bit-exact values that name the
 * server frame they were played at, for the recording tests (woodshed:in).
 *
 *   counter_feed [-n CLIENTNAME]
 *
 * Server frame f carries k/2^23 with k = (h(f) mod 2^24) - 2^23, h a 32-bit integer hash
 * (lowbias32): full-scale noise, so FLAC cannot shrink it much, and every value is exactly a
 * 24-bit sample (and exactly a float). Runs until SIGTERM or SIGINT.
 *
 * Real-time path: process() only computes and writes into the port's buffer.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <jack/jack.h>

static jack_client_t *client;
static jack_port_t *out;
static volatile sig_atomic_t stop;

static uint32_t lowbias32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static int process(jack_nframes_t n, void *arg) {
    (void)arg;
    float *buf = jack_port_get_buffer(out, n);
    jack_nframes_t t = jack_last_frame_time(client);
    for (jack_nframes_t i = 0; i < n; i++) {
        int32_t k = (int32_t)(lowbias32(t + i) & 0xFFFFFFu) - 8388608;
        buf[i] = (float)k / 8388608.0f;
    }
    return 0;
}

static void on_signal(int s) { (void)s; stop = 1; }

int main(int argc, char **argv) {
    const char *name = "counter_feed";
    int opt;
    while ((opt = getopt(argc, argv, "n:")) != -1) {
        if (opt == 'n') name = optarg;
        else { fprintf(stderr, "usage: counter_feed [-n CLIENTNAME]\n"); return 2; }
    }
    jack_status_t status;
    client = jack_client_open(name, JackNoStartServer, &status);
    if (!client) { fprintf(stderr, "counter_feed: cannot open a JACK client (status 0x%x)\n", status); return 1; }
    out = jack_port_register(client, "out", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    if (!out) { fprintf(stderr, "counter_feed: cannot register out\n"); return 1; }
    jack_set_process_callback(client, process, NULL);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    if (jack_activate(client)) { fprintf(stderr, "counter_feed: cannot activate\n"); return 1; }
    printf("ready\n");
    fflush(stdout);
    while (!stop) usleep(10000);
    jack_deactivate(client);
    jack_client_close(client);
    return 0;
}
