// ALSA's PCM API (libasound) for Swift. Its error handler is variadic, which Swift cannot
// write: a quiet one is set here, so that libasound's own messages ("ALSA lib pcm.c: Unknown
// PCM") do not go to stderr; Woodshed says what failed in one line of its own.
#ifndef WOODSHED_CALSA_SHIM_H
#define WOODSHED_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>

static void woodshed_alsa_quiet_handler(const char *file, int line, const char *function, int err,
                                        const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Silences libasound's error messages (once, before the first open).
static inline void woodshed_alsa_silence_errors(void) {
    snd_lib_error_set_handler(woodshed_alsa_quiet_handler);
}

/// Puts the calling thread on SCHED_FIFO at `priority`; 0 on success, else the errno.
static inline int woodshed_alsa_realtime(int priority) {
    struct sched_param p;
    p.sched_priority = priority;
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &p);
}
#endif
