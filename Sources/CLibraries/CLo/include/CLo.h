// liblo (Debian liblo-dev): Open Sound Control messages, encoded and decoded only (Woodshed
// owns its sockets). liblo is loaded with dlopen on the first OSC message, not linked: linked,
// it (and its dependants' start-up work) cost every woodshed command, which mostly never
// sees an OSC message. Its header gives the types and names; lo.c defines each lo_ function
// Woodshed calls, which loads the library on its first call and goes on through the real one
// (lo_message_new and lo_message_deserialise return NULL when liblo.so.7 is missing).
// lo_arg is a union whose string member is the first character of the string: the helpers
// below read each member without Swift touching the union. Control thread and fuzz targets;
// never the render thread.
#pragma once
#include <lo/lo.h>

static inline int32_t woodshed_lo_arg_int32(const lo_arg *a) { return a->i; }
static inline int64_t woodshed_lo_arg_int64(const lo_arg *a) { return a->h; }
static inline float woodshed_lo_arg_float(const lo_arg *a) { return a->f; }
static inline double woodshed_lo_arg_double(const lo_arg *a) { return a->d; }
static inline const char *woodshed_lo_arg_string(const lo_arg *a) { return &a->s; }
