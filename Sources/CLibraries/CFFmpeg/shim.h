// FFmpeg's libavformat and libavcodec (Debian libavformat-dev, libavcodec-dev): AAC/M4A/MP4
// audio and the other formats no library of their own reads. Swift cannot import the
// function-like error macros, so they are wrapped here.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <errno.h>

static inline int woodshed_averror_eof(void) { return AVERROR_EOF; }
static inline int woodshed_averror_again(void) { return AVERROR(EAGAIN); }
