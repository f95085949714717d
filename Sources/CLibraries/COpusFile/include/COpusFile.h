// libopusfile (Debian libopusfile-dev): Opus decoding at 48 kHz with exact positions
// (op_pcm_seek). libopusfile is loaded with dlopen on the first Opus file, not linked: linked,
// it cost every woodshed command its mapping and start-up relocations, and most never read one.
// Its header is not Swift's (it needs libopus's folder on the include path, which a C target
// cannot hand on): this one declares the few functions Woodshed calls, as opusfile.h does
// (opusfile.c checks them against it), and libopusfile's error codes; opusfile.c defines each,
// loading the library on the first call. Worker threads (a decoder's).
#pragma once
#include <stdint.h>

/// libopusfile's decoder of one file (opaque).
typedef struct OggOpusFile OggOpusFile;

// libopusfile's error codes, as opusfile.h defines them.
#define OP_FALSE         (-1)
#define OP_EOF           (-2)
#define OP_HOLE          (-3)
#define OP_EREAD         (-128)
#define OP_EFAULT        (-129)
#define OP_EIMPL         (-130)
#define OP_EINVAL        (-131)
#define OP_ENOTFORMAT    (-132)
#define OP_EBADHEADER    (-133)
#define OP_EVERSION      (-134)
#define OP_ENOTAUDIO     (-135)
#define OP_EBADPACKET    (-136)
#define OP_EBADLINK      (-137)
#define OP_ENOSEEK       (-138)
#define OP_EBADTIMESTAMP (-139)

/// 1 when libopusfile.so.0 could be loaded (loading it on the first call), 0 otherwise.
int woodshed_opusfile_available(void);

/// The Opus file read through `descriptor` (op_fdopen, then op_open_callbacks), which op_free
/// closes. NULL when it cannot be opened: `*error` is then 0 when the descriptor could not be
/// read as a stream (errno says why; the descriptor is left open), else libopusfile's error code
/// (the descriptor is closed).
OggOpusFile *woodshed_op_open_descriptor(int descriptor, int *error);

int op_channel_count(const OggOpusFile *of, int li);
int64_t op_pcm_total(const OggOpusFile *of, int li);
int op_pcm_seek(OggOpusFile *of, int64_t pcm_offset);
int op_read_float(OggOpusFile *of, float *pcm, int buf_size, int *li);
void op_free(OggOpusFile *of);
