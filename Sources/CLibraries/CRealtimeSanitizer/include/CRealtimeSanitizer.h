// RealtimeSanitizer hooks. Real only in the `make rtcheck` build (-DWOODSHED_RTSAN, linked with the
// toolchain's libclang_rt.rtsan); otherwise empty inline functions the optimiser removes.
#ifndef WOODSHED_RTSAN_H
#define WOODSHED_RTSAN_H
#ifdef WOODSHED_RTSAN
void __rtsan_realtime_enter(void);
void __rtsan_realtime_exit(void);
void __rtsan_ensure_initialized(void);
static inline void woodshed_realtime_enter(void) { __rtsan_realtime_enter(); }
static inline void woodshed_realtime_exit(void) { __rtsan_realtime_exit(); }
static inline void woodshed_realtime_init(void) { __rtsan_ensure_initialized(); }
#else
static inline void woodshed_realtime_enter(void) {}
static inline void woodshed_realtime_exit(void) {}
static inline void woodshed_realtime_init(void) {}
#endif
#endif
