// Woodshed's version and install prefix, fixed at build time (see build_info.c).
#ifndef WOODSHED_CBUILDINFO_H
#define WOODSHED_CBUILDINFO_H

/// The version: "0.1.0+g<hash>" from git, "0.1.0" at a release tag or without git.
const char *woodshed_build_version(void);

/// The install prefix the binary was built for ("/usr/local" unless `make PREFIX=...`).
const char *woodshed_build_prefix(void);

#endif
