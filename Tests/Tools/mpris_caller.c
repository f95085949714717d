/*
 * mpris_caller: calls an MPRIS player's methods from one long-lived process and times each call
 * to the PropertiesChanged signal it causes (the benchmark of issue 19: MPRIS call →
 * PropertiesChanged). libsystemd's sd-bus on the session bus of DBUS_SESSION_BUS_ADDRESS.
 *
 *   DBUS_SESSION_BUS_ADDRESS=unix:path=... mpris_caller BUSNAME
 *
 * Finds BUSNAME's owner, listens to its PropertiesChanged on /org/mpris/MediaPlayer2, prints
 * "ready", then reads one member of org.mpris.MediaPlayer2.Player a line from stdin (e.g. "Next",
 * "Previous": methods without arguments) and for each prints one line
 *
 *   CALL REPLY SIGNAL PROPERTIES
 *
 * CALL: CLOCK_MONOTONIC (seconds) just before the call was written to the bus; REPLY: when its
 * reply was read ("error:NAME" for an error reply); SIGNAL: when the first PropertiesChanged of
 * the player interface after the call was read; PROPERTIES: the changed properties it names,
 * comma-separated. A reply or signal that does not come within 2 s is "-". Signals that come
 * between calls are not counted. Exits at the end of stdin, 1 when the bus or the name is not
 * there.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <systemd/sd-bus.h>

#define PATH "/org/mpris/MediaPlayer2"
#define PLAYER "org.mpris.MediaPlayer2.Player"
#define WAIT_USEC 2000000ULL

/* What the call under way has seen (main thread only: sd-bus runs the callbacks in sd_bus_process). */
static int calling;
static unsigned long call_number; /* the call under way; a late reply to an earlier one is not its */
static double reply_at, signal_at;
static char reply_error[256];
static char changed[1024];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int on_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    if ((uintptr_t)userdata != call_number) return 0;
    reply_at = now();
    if (sd_bus_message_is_method_error(m, NULL)) {
        const sd_bus_error *e = sd_bus_message_get_error(m);
        snprintf(reply_error, sizeof reply_error, "error:%s", e && e->name ? e->name : "?");
    }
    return 0;
}

/* The names of the changed properties (a{sv}) and the invalidated ones (as), comma-separated. */
static void read_names(sd_bus_message *m) {
    changed[0] = 0;
    const char *name;
    if (sd_bus_message_enter_container(m, SD_BUS_TYPE_ARRAY, "{sv}") < 0) return;
    while (sd_bus_message_enter_container(m, SD_BUS_TYPE_DICT_ENTRY, "sv") > 0) {
        if (sd_bus_message_read_basic(m, SD_BUS_TYPE_STRING, &name) < 0) return;
        if (changed[0]) strncat(changed, ",", sizeof changed - strlen(changed) - 1);
        strncat(changed, name, sizeof changed - strlen(changed) - 1);
        if (sd_bus_message_skip(m, "v") < 0 || sd_bus_message_exit_container(m) < 0) return;
    }
    if (sd_bus_message_exit_container(m) < 0) return;
    if (sd_bus_message_enter_container(m, SD_BUS_TYPE_ARRAY, "s") < 0) return;
    while (sd_bus_message_read_basic(m, SD_BUS_TYPE_STRING, &name) > 0) {
        if (changed[0]) strncat(changed, ",", sizeof changed - strlen(changed) - 1);
        strncat(changed, name, sizeof changed - strlen(changed) - 1);
    }
}

static int on_properties_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    double t = now();
    const char *interface;
    if (!calling || signal_at > 0) return 0;
    if (sd_bus_message_read_basic(m, SD_BUS_TYPE_STRING, &interface) < 0 || strcmp(interface, PLAYER) != 0) return 0;
    signal_at = t;
    read_names(m);
    return 0;
}

/* Runs the bus until the reply and the signal have come, or 2 s have passed. */
static int wait_for_both(sd_bus *bus) {
    double deadline = now() + WAIT_USEC / 1e6;
    while (reply_at == 0 || signal_at == 0) {
        int r = sd_bus_process(bus, NULL);
        if (r < 0) return r;
        if (r > 0) continue;
        double left = deadline - now();
        if (left <= 0) return 0;
        r = sd_bus_wait(bus, (uint64_t)(left * 1e6));
        if (r < 0) return r;
    }
    return 0;
}

static void print_time(double t) {
    if (t > 0) printf("%.9f", t);
    else printf("-");
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: mpris_caller BUSNAME\n"); return 2; }
    const char *name = argv[1];
    sd_bus *bus = NULL;
    int r = sd_bus_open_user(&bus);
    if (r < 0) { fprintf(stderr, "mpris_caller: cannot connect to the session bus: %s\n", strerror(-r)); return 1; }
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *owner_reply = NULL;
    const char *owner;
    r = sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                           &error, &owner_reply, "s", name);
    if (r < 0 || sd_bus_message_read(owner_reply, "s", &owner) < 0) {
        fprintf(stderr, "mpris_caller: %s is not on the bus: %s\n", name, error.message ? error.message : strerror(-r));
        return 1;
    }
    /* The owner's unique name: sd-bus matches senders by it (a signal carries no well-known name). */
    r = sd_bus_match_signal(bus, NULL, owner, PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                            on_properties_changed, NULL);
    if (r < 0) { fprintf(stderr, "mpris_caller: cannot listen to %s: %s\n", name, strerror(-r)); return 1; }
    printf("ready\n");
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        while ((r = sd_bus_process(bus, NULL)) > 0) {}  /* what came between calls is not this call's */
        if (r < 0) break;
        sd_bus_message *call = NULL;
        r = sd_bus_message_new_method_call(bus, &call, name, PATH, PLAYER, line);
        if (r < 0) { fprintf(stderr, "mpris_caller: %s: %s\n", line, strerror(-r)); return 1; }
        calling = 1;
        call_number++;
        reply_at = signal_at = 0;
        reply_error[0] = changed[0] = 0;
        double call_at = now();
        r = sd_bus_call_async(bus, NULL, call, on_reply, (void *)(uintptr_t)call_number, WAIT_USEC);
        if (r >= 0) r = sd_bus_flush(bus);
        if (r >= 0) r = wait_for_both(bus);
        calling = 0;
        sd_bus_message_unref(call);
        if (r < 0) { fprintf(stderr, "mpris_caller: %s: %s\n", line, strerror(-r)); return 1; }
        print_time(call_at);
        printf(" ");
        if (reply_error[0]) printf("%s", reply_error);
        else print_time(reply_at);
        printf(" ");
        print_time(signal_at);
        printf(" %s\n", changed[0] ? changed : "-");
        fflush(stdout);
    }
    sd_bus_message_unref(owner_reply);
    sd_bus_flush_close_unref(bus);
    return 0;
}
