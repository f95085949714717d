// See COpusFile.h: libopusfile loaded on the first Opus file, and the calls Woodshed makes
// through it (each fails with OP_EFAULT when the library is missing). opusfile.h is included
// first, so the compiler checks COpusFile.h's declarations against it.
#include <opusfile.h>
#include "COpusFile.h"
#include "CLazyLibrary.h"

WOODSHED_LAZY_LIBRARY("libopusfile.so.0", NULL)
WOODSHED_LAZY_AVAILABLE(woodshed_opusfile_available)

static WOODSHED_FORWARD_TO(void *, fdopen_stream, "op_fdopen", (OpusFileCallbacks *cb, int fd, const char *mode), (cb, fd, mode), NULL)
static WOODSHED_FORWARD_TO(OggOpusFile *, open_callbacks, "op_open_callbacks",
                           (void *stream, const OpusFileCallbacks *cb, const unsigned char *initial, size_t bytes, int *error),
                           (stream, cb, initial, bytes, error), NULL)

OggOpusFile *woodshed_op_open_descriptor(int descriptor, int *error) {
    OpusFileCallbacks callbacks;
    *error = 0;
    void *stream = fdopen_stream(&callbacks, descriptor, "rb");
    if (!stream) return NULL;
    OggOpusFile *file = open_callbacks(stream, &callbacks, NULL, 0, error);
    if (!file) callbacks.close(stream);  // not closed by a failed op_open_callbacks
    return file;
}

WOODSHED_FORWARD(int, op_channel_count, (const OggOpusFile *of, int li), (of, li), OP_EFAULT)
WOODSHED_FORWARD(int64_t, op_pcm_total, (const OggOpusFile *of, int li), (of, li), OP_EFAULT)
WOODSHED_FORWARD(int, op_pcm_seek, (OggOpusFile *of, int64_t pcm_offset), (of, pcm_offset), OP_EFAULT)
WOODSHED_FORWARD(int, op_read_float, (OggOpusFile *of, float *pcm, int buf_size, int *li), (of, pcm, buf_size, li), OP_EFAULT)
WOODSHED_FORWARD_VOID(op_free, (OggOpusFile *of), (of))
