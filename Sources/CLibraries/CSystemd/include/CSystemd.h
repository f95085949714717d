// sd-bus from libsystemd, for the MPRIS object (Sources/MPRIS). libsystemd is loaded with
// dlopen when the first MPRIS object is made, not linked: linked, it brought itself and six
// libraries (libgcrypt, libzstd, liblzma, liblz4, libcap, libgpg-error; about 3.5 MB of code)
// into every woodshed command. Its header gives the types and names; systemd.c defines each
// sd_bus_ function Woodshed calls, which loads the library on its first call and goes on
// through the real one (an sd_bus_ call fails with -ELIBACC when libsystemd.so.0 is missing).
// The vtables are C macros Swift cannot expand, and the reply calls are variadic: both live
// here. The handlers they name are written in Swift (`@_cdecl`,
// Sources/MPRIS/MPRISHandlers.swift). Control thread only.
#pragma once
#include <systemd/sd-bus.h>

/// A method of either interface: the member name says which.
int woodshed_mpris_method(sd_bus_message *m, void *userdata, sd_bus_error *error);
/// Every property of either interface: the interface and property names say which.
int woodshed_mpris_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *reply, void *userdata, sd_bus_error *error);

/// The writable properties of the player interface (Rate, Volume, LoopStatus).
int woodshed_mpris_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                       sd_bus_message *value, void *userdata, sd_bus_error *error);

/// org.mpris.MediaPlayer2: the root interface.
static inline const sd_bus_vtable *woodshed_mpris_root_vtable(void) {
    static const sd_bus_vtable table[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD("Raise", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Quit", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("CanQuit", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("CanRaise", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("HasTrackList", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Identity", "s", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("SupportedUriSchemes", "as", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("SupportedMimeTypes", "as", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_VTABLE_END
    };
    return table;
}

/// org.mpris.MediaPlayer2.Player.
static inline const sd_bus_vtable *woodshed_mpris_player_vtable(void) {
    static const sd_bus_vtable table[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD("Next", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Previous", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Pause", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("PlayPause", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Stop", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Play", "", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Seek", "x", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("SetPosition", "ox", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("OpenUri", "s", "", woodshed_mpris_method, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_SIGNAL("Seeked", "x", 0),
        SD_BUS_PROPERTY("PlaybackStatus", "s", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_WRITABLE_PROPERTY("LoopStatus", "s", woodshed_mpris_get, woodshed_mpris_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_WRITABLE_PROPERTY("Rate", "d", woodshed_mpris_get, woodshed_mpris_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("Shuffle", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Metadata", "a{sv}", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_WRITABLE_PROPERTY("Volume", "d", woodshed_mpris_get, woodshed_mpris_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("Position", "x", woodshed_mpris_get, 0, 0),
        SD_BUS_PROPERTY("MinimumRate", "d", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("MaximumRate", "d", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanGoNext", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanGoPrevious", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanPlay", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanPause", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanSeek", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_PROPERTY("CanControl", "b", woodshed_mpris_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_VTABLE_END
    };
    return table;
}

/// An empty method return (`sd_bus_reply_method_return` is variadic).
int woodshed_sd_bus_reply_empty(sd_bus_message *call);

/// The player's `Seeked` signal (`sd_bus_emit_signal` is variadic).
int woodshed_mpris_emit_seeked(sd_bus *bus, int64_t position);

/// An error reply with a name and a message.
int woodshed_sd_bus_reply_error(sd_bus_message *call, const char *name, const char *message);

/// logind's Manager.Inhibit(what, who, why, mode) -> h (a sleep inhibitor, as systemd-inhibit
/// takes it; `sd_bus_call_method` is variadic). Control thread.
int woodshed_login1_inhibit(sd_bus *bus, const char *what, const char *who, const char *why,
                            const char *mode, sd_bus_error *error, sd_bus_message **reply);

/// The one file descriptor of a reply (`h`); the message keeps owning it.
int woodshed_read_fd(sd_bus_message *m, int *fd);
