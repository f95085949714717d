// See CSystemd.h: libsystemd loaded on the first sd-bus call, and the calls Woodshed makes
// through it. Control thread (the load itself is done once, under pthread_once).
#include "CSystemd.h"
#include "CLazyLibrary.h"
#include <errno.h>
#include <stdlib.h>

/// The vtable format the SD_BUS_VTABLE_START macro refers to (libsystemd's own is not linked):
/// sd-bus reads it through the vtable's `vtable_format_reference`. It is libsystemd 242's and
/// later's, checked against the loaded library's before any call goes through.
const unsigned sd_bus_object_vtable_format = 242;

/// Whether the loaded libsystemd reads vtables in that format.
static int knows_vtable_format(void *handle) {
    const unsigned *format = dlsym(handle, "sd_bus_object_vtable_format");
    return format && *format == sd_bus_object_vtable_format;
}

WOODSHED_LAZY_LIBRARY("libsystemd.so.0", knows_vtable_format)

// Each function goes through the real one (libsystemd's), found on its first call; `fail` is
// returned when libsystemd cannot be loaded.

static WOODSHED_FORWARD_TO(int, open_user, "sd_bus_open_user", (sd_bus **ret), (ret), -ELIBACC)

/// The user's bus. With neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR set there is none
/// to find: -ENOMEDIUM, as libsystemd says then, without loading it (a live command on a
/// machine without a session bus never maps libsystemd).
int sd_bus_open_user(sd_bus **ret) {
    if (!getenv("DBUS_SESSION_BUS_ADDRESS") && !getenv("XDG_RUNTIME_DIR")) return -ENOMEDIUM;
    return open_user(ret);
}

WOODSHED_FORWARD(int, sd_bus_get_fd, (sd_bus *bus), (bus), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_add_object_vtable,
                 (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable, void *userdata),
                 (bus, slot, path, interface, vtable, userdata), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_flush, (sd_bus *bus), (bus), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_emit_properties_changed_strv, (sd_bus *bus, const char *path, const char *interface, char **names),
                 (bus, path, interface, names), -ELIBACC)
WOODSHED_FORWARD(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot), NULL)
WOODSHED_FORWARD(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus), NULL)
WOODSHED_FORWARD(int, sd_bus_message_new_signal,
                 (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member),
                 (bus, m, path, interface, member), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m), -ELIBACC)
WOODSHED_FORWARD(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m), NULL)
WOODSHED_FORWARD(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m), NULL)
WOODSHED_FORWARD(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_message_close_container, (sd_bus_message *m), (m), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e), -ELIBACC)

/// What `sd_bus_reply_method_return(call, NULL)` does: an empty return, sent on the call's bus.
int woodshed_sd_bus_reply_empty(sd_bus_message *call) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0) r = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return r;
}

/// What `sd_bus_emit_signal(bus, path, interface, "Seeked", "x", position)` does.
int woodshed_mpris_emit_seeked(sd_bus *bus, int64_t position) {
    sd_bus_message *signal = NULL;
    int r = sd_bus_message_new_signal(bus, &signal, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Seeked");
    if (r >= 0) r = sd_bus_message_append_basic(signal, 'x', &position);
    if (r >= 0) r = sd_bus_send(bus, signal, NULL);
    sd_bus_message_unref(signal);
    return r;
}

/// What `sd_bus_reply_method_errorf(call, name, "%s", message)` does.
int woodshed_sd_bus_reply_error(sd_bus_message *call, const char *name, const char *message) {
    const sd_bus_error error = SD_BUS_ERROR_MAKE_CONST(name, message);
    return sd_bus_reply_method_error(call, &error);
}

// The system bus and a method call, for logind's sleep inhibitor (Sources/Alarms).
WOODSHED_FORWARD(int, sd_bus_new, (sd_bus **ret), (ret), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_start, (sd_bus *bus), (bus), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_open_system, (sd_bus **ret), (ret), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_message_new_method_call,
                 (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member),
                 (bus, m, destination, path, interface, member), -ELIBACC)
WOODSHED_FORWARD(int, sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply),
                 (bus, m, usec, ret_error, reply), -ELIBACC)

/// Frees an error's name and message (nothing to free when libsystemd was never loaded: no call
/// could have filled it).
WOODSHED_FORWARD_VOID(sd_bus_error_free, (sd_bus_error *e), (e))

/// What `sd_bus_call_method(bus, "org.freedesktop.login1", "/org/freedesktop/login1",
/// "org.freedesktop.login1.Manager", "Inhibit", error, reply, "ssss", what, who, why, mode)` does.
int woodshed_login1_inhibit(sd_bus *bus, const char *what, const char *who, const char *why,
                            const char *mode, sd_bus_error *error, sd_bus_message **reply) {
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, "org.freedesktop.login1", "/org/freedesktop/login1",
                                           "org.freedesktop.login1.Manager", "Inhibit");
    const char *words[] = {what, who, why, mode};
    for (int i = 0; i < 4 && r >= 0; i++) r = sd_bus_message_append_basic(call, 's', words[i]);
    if (r >= 0) r = sd_bus_call(bus, call, 0, error, reply);
    sd_bus_message_unref(call);
    return r;
}

/// What `sd_bus_message_read(m, "h", fd)` does.
int woodshed_read_fd(sd_bus_message *m, int *fd) {
    return sd_bus_message_read_basic(m, 'h', fd);
}
