// The Makefile writes .build/woodshed-build-info.h (scripts/build-info.sh: WOODSHED_VERSION and
// WOODSHED_PREFIX) before each build, and touches this file when it changes; a plain
// `swift build` has no such header and gets the defaults below.
#include "CBuildInfo.h"

#if __has_include("../../../.build/woodshed-build-info.h")
#include "../../../.build/woodshed-build-info.h"
#endif

#ifndef WOODSHED_VERSION
#define WOODSHED_VERSION "0.1.0"
#endif
#ifndef WOODSHED_PREFIX
#define WOODSHED_PREFIX "/usr/local"
#endif

const char *woodshed_build_version(void) { return WOODSHED_VERSION; }
const char *woodshed_build_prefix(void) { return WOODSHED_PREFIX; }
