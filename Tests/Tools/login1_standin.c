/*
 * login1_standin: a stand-in for logind's org.freedesktop.login1 on a private bus, enough for
 * sleep inhibitors: the Manager's Inhibit(ssss) -> h, as systemd-inhibit and Woodshed call it.
 *
 *   DBUS_SYSTEM_BUS_ADDRESS=unix:path=... login1_standin
 *
 * Prints "ready" once it owns the name, then for each call "inhibit WHAT|WHO|WHY|MODE" and, when
 * the caller closes the descriptor it was given, "released WHO". Runs until SIGTERM or SIGINT.
 * Never touches the real system bus unless DBUS_SYSTEM_BUS_ADDRESS points there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <systemd/sd-bus.h>

#define MAX_HELD 16

/* The read ends of the pipes handed out (the caller holds the write end), and who holds each. */
static int held[MAX_HELD];
static char *holders[MAX_HELD];
static volatile sig_atomic_t stopping;

static void on_signal(int sig) { (void)sig; stopping = 1; }

static int inhibit(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *what, *who, *why, *mode;
    int r = sd_bus_message_read(m, "ssss", &what, &who, &why, &mode);
    if (r < 0) return r;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) < 0) return sd_bus_error_set_errno(error, errno);
    int slot = -1;
    for (int i = 0; i < MAX_HELD; i++) if (held[i] < 0) { slot = i; break; }
    if (slot < 0) { close(fds[0]); close(fds[1]); return sd_bus_error_set(error, SD_BUS_ERROR_LIMITS_EXCEEDED, "too many"); }
    held[slot] = fds[0];
    holders[slot] = strdup(who);
    printf("inhibit %s|%s|%s|%s\n", what, who, why, mode);
    fflush(stdout);
    r = sd_bus_reply_method_return(m, "h", fds[1]);   /* the reply dups it */
    close(fds[1]);
    return r;
}

static const sd_bus_vtable manager[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Inhibit", "ssss", "h", inhibit, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END
};

int main(void) {
    for (int i = 0; i < MAX_HELD; i++) held[i] = -1;
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    sd_bus *bus = NULL;
    int r = sd_bus_open_system(&bus);
    if (r < 0) { fprintf(stderr, "login1_standin: cannot connect: %s\n", strerror(-r)); return 1; }
    r = sd_bus_add_object_vtable(bus, NULL, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", manager, NULL);
    if (r < 0) { fprintf(stderr, "login1_standin: vtable: %s\n", strerror(-r)); return 1; }
    r = sd_bus_request_name(bus, "org.freedesktop.login1", 0);
    if (r < 0) { fprintf(stderr, "login1_standin: name: %s\n", strerror(-r)); return 1; }
    printf("ready\n");
    fflush(stdout);
    while (!stopping) {
        for (;;) {
            r = sd_bus_process(bus, NULL);
            if (r < 0) { fprintf(stderr, "login1_standin: %s\n", strerror(-r)); return 1; }
            if (r == 0) break;
        }
        struct pollfd p[1 + MAX_HELD];
        int n = 0;
        p[n++] = (struct pollfd){ .fd = sd_bus_get_fd(bus), .events = (short)sd_bus_get_events(bus) };
        int slots[MAX_HELD];
        for (int i = 0; i < MAX_HELD; i++) if (held[i] >= 0) { slots[n - 1] = i; p[n++] = (struct pollfd){ .fd = held[i], .events = POLLIN }; }
        if (poll(p, (nfds_t)n, 200) < 0 && errno != EINTR) break;
        for (int k = 1; k < n; k++) {
            if (p[k].revents & (POLLHUP | POLLIN | POLLERR)) {
                int i = slots[k - 1];
                printf("released %s\n", holders[i]);
                fflush(stdout);
                close(held[i]);
                held[i] = -1;
                free(holders[i]);
                holders[i] = NULL;
            }
        }
    }
    sd_bus_flush_close_unref(bus);
    return 0;
}
