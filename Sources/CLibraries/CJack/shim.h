// JACK for Swift. jack_client_open is variadic, which Swift cannot call: wrap it.
#ifndef WOODSHED_CJACK_SHIM_H
#define WOODSHED_CJACK_SHIM_H
#include <jack/jack.h>
#include <jack/transport.h>
#include <jack/midiport.h>
#include <stddef.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/// jack_client_open with an optional server name (NULL: $JACK_DEFAULT_SERVER or "default").
static inline jack_client_t *woodshed_jack_client_open(const char *name, jack_options_t options,
                                                       jack_status_t *status, const char *server) {
    if (server != NULL) {
        return jack_client_open(name, (jack_options_t)(options | JackServerName), status, server);
    }
    return jack_client_open(name, options, status);
}

/// At quit, while jackd (stopping at the same moment) has not yet answered our client's close:
/// forks a child that keeps this process's JACK sockets (Unix sockets under /dev/shm/jack_)
/// open until jackd closes them, at most `seconds`, and closes every other descriptor (the
/// terminal, pipes) so that nobody waits for it. jackd 1.9.21 dies of SIGPIPE when it writes
/// its answer or its shutdown notice to a client that is gone, leaving its shared memory and
/// registry entry behind; with the sockets held it finishes cleanly. The child runs only
/// async-signal-safe calls (it was forked from a threaded process) and ends with _exit.
/// Returns the child's PID, or -1.
static inline int woodshed_jack_hold_sockets(int seconds) {
    pid_t pid = fork();
    if (pid != 0) return (int)pid;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    static const char prefix[] = "/dev/shm/jack_";
    struct pollfd held[64];
    int count = 0;
    for (int fd = 0; fd < 4096; fd++) {
        struct stat st;
        if (fstat(fd, &st) != 0) continue;
        int keep = 0;
        if (S_ISSOCK(st.st_mode) && count < 64) {
            struct sockaddr_un a;
            socklen_t len = sizeof a;
            memset(&a, 0, sizeof a);
            if (getpeername(fd, (struct sockaddr *)&a, &len) == 0 && a.sun_family == AF_UNIX
                && strncmp(a.sun_path, prefix, sizeof prefix - 1) == 0) keep = 1;
            len = sizeof a;
            memset(&a, 0, sizeof a);
            if (!keep && getsockname(fd, (struct sockaddr *)&a, &len) == 0 && a.sun_family == AF_UNIX
                && strncmp(a.sun_path, prefix, sizeof prefix - 1) == 0) keep = 1;
        }
        if (keep) {
            held[count].fd = fd;
            held[count].events = POLLIN;
            count++;
        } else {
            close(fd);
        }
    }
    char sink[4096];
    for (int tick = 0; tick < seconds * 10 && count > 0; tick++) {
        if (poll(held, (nfds_t)count, 100) <= 0) continue;
        for (int i = 0; i < count; i++) {
            short r = held[i].revents;
            if (r == 0) continue;
            ssize_t n = (r & POLLIN) ? read(held[i].fd, sink, sizeof sink) : 0;
            if (n <= 0) {  // jackd closed it (or it failed): let it go
                close(held[i].fd);
                held[i] = held[count - 1];
                count--;
                i--;
            }
        }
    }
    _exit(0);
}
#endif
