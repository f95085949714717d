// liblo (Debian liblo-dev): Open Sound Control messages, encoded and decoded only (Woodshed
// owns its sockets). lo_arg is a union whose string member is the first character of the
// string: these helpers read each member without Swift touching the union.
#include <lo/lo.h>

static inline int32_t woodshed_lo_arg_int32(const lo_arg *a) { return a->i; }
static inline int64_t woodshed_lo_arg_int64(const lo_arg *a) { return a->h; }
static inline float woodshed_lo_arg_float(const lo_arg *a) { return a->f; }
static inline double woodshed_lo_arg_double(const lo_arg *a) { return a->d; }
static inline const char *woodshed_lo_arg_string(const lo_arg *a) { return &a->s; }
