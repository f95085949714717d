// A shared library loaded with dlopen on first use instead of linked (libsystemd, libaubio,
// liblo, libvorbisfile, libopusfile): what every loader in Sources/CLibraries shares. A loader
// file says once which library with WOODSHED_LAZY_LIBRARY, then defines each function Woodshed
// calls with WOODSHED_FORWARD: under the library's own name, so the Swift code calls it as if it
// were linked; its first call loads the library (once, under pthread_once) and finds the real
// function, later calls go straight through. Any thread that may call the library.
#pragma once
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/// dlopen(soname) as every loader does it: all symbols now, none made global. (Inline, as all of
/// this header: a loader needs no object of CLazyLibrary's at link time, so a build of only the
/// modules that use it, as scripts/fuzz.sh makes, links.)
static inline void *woodshed_lazy_open(const char *soname) {
    return dlopen(soname, RTLD_NOW | RTLD_LOCAL);
}

/// `library` (the handle, NULL when it cannot be loaded), `load` (loads it, once) and `real(name)`
/// (the real function `name`, loading the library first; NULL without it). `check(handle)` says
/// whether the loaded library is one Woodshed can use (NULL: any).
#define WOODSHED_LAZY_LIBRARY(soname, check) \
    static void *library; \
    static pthread_once_t once = PTHREAD_ONCE_INIT; \
    static void load(void) { \
        void *handle = woodshed_lazy_open(soname); \
        int (*accept)(void *) = check; \
        library = handle && (!accept || accept(handle)) ? handle : NULL; \
    } \
    static void *real(const char *name) { \
        pthread_once(&once, load); \
        return library ? dlsym(library, name) : NULL; \
    }

/// Defines `int name(void)`: 1 when the library could be loaded (loading it now), 0 otherwise.
#define WOODSHED_LAZY_AVAILABLE(name) \
    int name(void) { \
        pthread_once(&once, load); \
        return library != NULL; \
    }

/// Defines `type name parameters` to call the real function `symbol` with `arguments`, found on
/// its first call; without the library it returns `fail`. (No parameter may be called
/// `woodshed_real` or `forward`.)
#define WOODSHED_FORWARD_TO(type, name, symbol, parameters, arguments, fail) \
    type name parameters { \
        static void *forward; \
        void *woodshed_real = __atomic_load_n(&forward, __ATOMIC_ACQUIRE); \
        if (!woodshed_real) { \
            if (!(woodshed_real = real(symbol))) return fail; \
            __atomic_store_n(&forward, woodshed_real, __ATOMIC_RELEASE); \
        } \
        return ((type (*) parameters)woodshed_real) arguments; \
    }
/// WOODSHED_FORWARD_TO under the function's own name.
#define WOODSHED_FORWARD(type, name, parameters, arguments, fail) \
    WOODSHED_FORWARD_TO(type, name, #name, parameters, arguments, fail)
/// The same for a function that returns nothing (without the library it does nothing).
#define WOODSHED_FORWARD_VOID(name, parameters, arguments) \
    void name parameters { \
        static void *forward; \
        void *woodshed_real = __atomic_load_n(&forward, __ATOMIC_ACQUIRE); \
        if (!woodshed_real) { \
            if (!(woodshed_real = real(#name))) return; \
            __atomic_store_n(&forward, woodshed_real, __ATOMIC_RELEASE); \
        } \
        ((void (*) parameters)woodshed_real) arguments; \
    }
