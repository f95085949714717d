// See CLazyLibrary.h: the one dlopen every loader in Sources/CLibraries makes.
#include "CLazyLibrary.h"

void *woodshed_lazy_open(const char *soname) {
    return dlopen(soname, RTLD_NOW | RTLD_LOCAL);
}
