// libvorbisfile (Debian libvorbis-dev): Ogg Vorbis decoding with exact seeks (ov_pcm_seek).
// libvorbisfile is loaded with dlopen on the first Ogg Vorbis file, not linked: linked, it cost
// every woodshed command its mapping and start-up relocations, and most never read one. Its
// header gives the types and names; vorbisfile.c defines each ov_ function Woodshed calls, which
// loads the library on its first call and goes on through the real one. The static callback
// tables are left out: Woodshed opens through ov_open on a FILE. Worker threads (a decoder's).
#pragma once
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <stdio.h>
#include <vorbis/vorbisfile.h>

/// 1 when libvorbisfile.so.3 could be loaded (loading it on the first call), 0 otherwise.
int woodshed_vorbisfile_available(void);
