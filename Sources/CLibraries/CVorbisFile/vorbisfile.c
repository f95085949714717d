// See CVorbisFile.h: libvorbisfile loaded on the first Ogg Vorbis file, and the calls Woodshed
// makes through it (each fails with OV_EFAULT, or NULL, when the library is missing).
#include "CVorbisFile.h"
#include "CLazyLibrary.h"

WOODSHED_LAZY_LIBRARY("libvorbisfile.so.3", NULL)
WOODSHED_LAZY_AVAILABLE(woodshed_vorbisfile_available)

WOODSHED_FORWARD(int, ov_open, (FILE *f, OggVorbis_File *vf, const char *initial, long ibytes), (f, vf, initial, ibytes), OV_EFAULT)
WOODSHED_FORWARD(int, ov_clear, (OggVorbis_File *vf), (vf), OV_EFAULT)
WOODSHED_FORWARD(vorbis_info *, ov_info, (OggVorbis_File *vf, int link), (vf, link), NULL)
WOODSHED_FORWARD(ogg_int64_t, ov_pcm_total, (OggVorbis_File *vf, int i), (vf, i), OV_EFAULT)
WOODSHED_FORWARD(int, ov_pcm_seek, (OggVorbis_File *vf, ogg_int64_t pos), (vf, pos), OV_EFAULT)
WOODSHED_FORWARD(long, ov_read_float, (OggVorbis_File *vf, float ***pcm_channels, int samples, int *bitstream),
                 (vf, pcm_channels, samples, bitstream), OV_EFAULT)
