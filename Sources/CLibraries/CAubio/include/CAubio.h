// libaubio's onset detection, for the coach (Sources/Coach). libaubio is loaded with dlopen when
// the first onset detector is made, not linked: linked, Debian's libaubio5 brings FFmpeg's
// libraries and about a hundred others into every woodshed command. Its header gives the types
// and names; aubio.c defines each aubio_ function Woodshed calls, which loads the library on its
// first call and goes on through the real one (new_aubio_onset returns NULL when libaubio.so.5
// is missing). Analysis threads only, never the render thread.
#pragma once
#include <aubio/aubio.h>

/// 1 when libaubio.so.5 could be loaded (loading it on the first call), 0 otherwise.
int woodshed_aubio_available(void);
