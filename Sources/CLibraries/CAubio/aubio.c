// See CAubio.h: libaubio loaded on the first onset detector, and the calls Woodshed makes
// through it. Analysis threads (the load itself is done once, under pthread_once).
#include "CAubio.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libaubio.so.5", RTLD_NOW | RTLD_LOCAL);
}

/// The real function `name` of libaubio, loading it first; NULL without the library.
static void *real(const char *name) {
    pthread_once(&once, load);
    return library ? dlsym(library, name) : NULL;
}

int woodshed_aubio_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

// Each function goes through the real one, found on its first call; `fail` is returned when
// libaubio cannot be loaded.
#define FORWARD(type, name, parameters, arguments, fail) \
    type name parameters { \
        static void *forward; \
        void *f = __atomic_load_n(&forward, __ATOMIC_ACQUIRE); \
        if (!f) { \
            if (!(f = real(#name))) return fail; \
            __atomic_store_n(&forward, f, __ATOMIC_RELEASE); \
        } \
        return ((type (*) parameters)f) arguments; \
    }
#define FORWARD_VOID(name, parameters, arguments) \
    void name parameters { \
        static void *forward; \
        void *f = __atomic_load_n(&forward, __ATOMIC_ACQUIRE); \
        if (!f) { \
            if (!(f = real(#name))) return; \
            __atomic_store_n(&forward, f, __ATOMIC_RELEASE); \
        } \
        ((void (*) parameters)f) arguments; \
    }

FORWARD(aubio_onset_t *, new_aubio_onset, (const char_t *method, uint_t buf_size, uint_t hop_size, uint_t samplerate),
        (method, buf_size, hop_size, samplerate), NULL)
FORWARD_VOID(del_aubio_onset, (aubio_onset_t *o), (o))
FORWARD_VOID(aubio_onset_do, (aubio_onset_t *o, const fvec_t *input, fvec_t *onset), (o, input, onset))
FORWARD(uint_t, aubio_onset_get_last, (const aubio_onset_t *o), (o), 0)
FORWARD(uint_t, aubio_onset_set_threshold, (aubio_onset_t *o, smpl_t threshold), (o, threshold), 1)
FORWARD(uint_t, aubio_onset_set_silence, (aubio_onset_t *o, smpl_t silence), (o, silence), 1)
FORWARD(uint_t, aubio_onset_set_minioi_ms, (aubio_onset_t *o, smpl_t minioi), (o, minioi), 1)
