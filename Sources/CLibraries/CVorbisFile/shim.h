// libvorbisfile (Debian libvorbis-dev): Ogg Vorbis decoding with exact seeks (ov_pcm_seek).
// The static callback tables are left out: Woodshed opens through ov_open on a FILE.
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <stdio.h>
#include <vorbis/vorbisfile.h>
