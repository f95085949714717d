// See CLo.h: liblo loaded on the first OSC message, and the calls Woodshed makes through it.
#include "CLo.h"
#include "CLazyLibrary.h"
#include <errno.h>

WOODSHED_LAZY_LIBRARY("liblo.so.7", NULL)

WOODSHED_FORWARD(lo_message, lo_message_new, (void), (), NULL)
WOODSHED_FORWARD_VOID(lo_message_free, (lo_message m), (m))
WOODSHED_FORWARD(int, lo_message_add_int32, (lo_message m, int32_t a), (m, a), -1)
WOODSHED_FORWARD(int, lo_message_add_float, (lo_message m, float a), (m, a), -1)
WOODSHED_FORWARD(int, lo_message_add_string, (lo_message m, const char *a), (m, a), -1)
WOODSHED_FORWARD(int, lo_message_add_int64, (lo_message m, int64_t a), (m, a), -1)
WOODSHED_FORWARD(int, lo_message_add_double, (lo_message m, double a), (m, a), -1)
WOODSHED_FORWARD(int, lo_message_add_nil, (lo_message m), (m), -1)
WOODSHED_FORWARD(char *, lo_message_get_types, (lo_message m), (m), NULL)
WOODSHED_FORWARD(int, lo_message_get_argc, (lo_message m), (m), 0)
WOODSHED_FORWARD(lo_arg **, lo_message_get_argv, (lo_message m), (m), NULL)
WOODSHED_FORWARD(size_t, lo_message_length, (lo_message m, const char *path), (m, path), 0)
WOODSHED_FORWARD(void *, lo_message_serialise, (lo_message m, const char *path, void *to, size_t *size),
                 (m, path, to, size), NULL)

/// Without liblo nothing is decoded: NULL, and `result` says the library is missing (-ELIBACC,
/// as an sd_bus_ call without libsystemd does).
WOODSHED_FORWARD(lo_message, lo_message_deserialise, (void *data, size_t size, int *result), (data, size, result),
                 ((result ? (void)(*result = -ELIBACC) : (void)0), (lo_message)NULL))
