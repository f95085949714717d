// RtMidi's C API (librtmidi-dev 5.0.0), for MIDI devices on the ALSA sequencer.
// Every call reports failure through the wrapper's `ok`; after a failure its `msg` may point
// to freed memory, so it is never read.
#ifndef WOODSHED_CRTMIDI_SHIM_H
#define WOODSHED_CRTMIDI_SHIM_H
#include <rtmidi_c.h>
#include <stdio.h>

/// Flushes C's stderr stream (Swift 6 cannot touch the global `stderr` directly): called
/// before fd 2 is redirected or restored, so buffered text lands where it was written.
static inline void woodshed_flush_stderr(void) { fflush(stderr); }
#endif
