/*
 * empty_client: a JACK client whose process callback does nothing, the floor for the live CPU
 * benchmark (scripts/bench). Runs until SIGTERM or SIGINT, or until the server goes away.
 *
 *   empty_client [-n CLIENTNAME]
 *
 * Prints "ready" on stdout once active. Never starts a server (JackNoStartServer).
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <jack/jack.h>

static jack_port_t *out;
static atomic_int server_gone;
static atomic_int xruns;

static int on_xrun(void *arg) {
    (void)arg;
    atomic_fetch_add(&xruns, 1);
    return 0;
}

/* Real-time thread: nothing at all. */
static int process(jack_nframes_t nframes, void *arg) {
    (void)nframes;
    (void)arg;
    return 0;
}

/* Notification thread: wake main by the same path as a signal. */
static void on_shutdown(void *arg) {
    (void)arg;
    atomic_store(&server_gone, 1);
    kill(getpid(), SIGTERM);
}

int main(int argc, char **argv) {
    const char *name = "empty_client";
    int opt, named = 0;
    while ((opt = getopt(argc, argv, "n:h")) != -1) {
        switch (opt) {
        case 'n': name = optarg; named = 1; break;
        default:
            fprintf(stderr, "usage: empty_client [-n CLIENTNAME]\n");
            return 2;
        }
    }
    /* Block the stop signals before JACK starts its threads, so only sigwait below sees them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    jack_status_t status;
    jack_client_t *client = jack_client_open(name, JackNoStartServer | (named ? JackUseExactName : 0), &status);
    if (!client) {
        fprintf(stderr, "empty_client: cannot open JACK client \"%s\" (status 0x%x)%s\n", name, (unsigned)status,
                (status & JackServerFailed) ? ": no JACK server running" : "");
        return 1;
    }
    /* One output port, like the clients it is compared with. */
    out = jack_port_register(client, "out", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    jack_set_process_callback(client, process, NULL);
    jack_on_shutdown(client, on_shutdown, NULL);
    jack_set_xrun_callback(client, on_xrun, NULL);
    if (!out || jack_activate(client)) {
        fprintf(stderr, "empty_client: cannot activate client\n");
        jack_client_close(client);
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    if (atomic_load(&server_gone)) {
        fprintf(stderr, "empty_client: the JACK server shut down\n");
        return 1;
    }
    jack_deactivate(client);
    jack_client_close(client);
    printf("xruns %d\n", atomic_load(&xruns));
    fflush(stdout);
    return 0;
}
