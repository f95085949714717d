// FFmpeg's libavformat and libavcodec (Debian libavformat-dev, libavcodec-dev): AAC/M4A/MP4
// audio. They are loaded with dlopen on the first file that needs them, not linked: linked,
// they bring some 130 shared libraries (glib and librsvg among them) into every woodshed
// command, about 25 MB and 40-90 ms of start-up. Their headers give the types; each function
// Woodshed calls is `woodshed_` + its name, through a pointer `woodshed_ffmpeg_load` resolves
// (libavcodec's and libavutil's) or `woodshed_ffmpeg_load_format` (libavformat's: only for an
// MP4 that Woodshed does not read by its own sample tables, see MP4SampleTable.swift).
// Swift cannot import the function-like error macros, so they are wrapped here too.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <errno.h>

static inline int woodshed_averror_eof(void) { return AVERROR_EOF; }
static inline int woodshed_averror_again(void) { return AVERROR(EAGAIN); }
static inline int woodshed_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }

/// Loads libavcodec and libavutil (the sonames these headers are for) and resolves the
/// functions below but libavformat's; NULL when done (also on later calls), else what failed.
/// Any thread; the first call does the work under a lock.
const char *woodshed_ffmpeg_load(void);

/// `woodshed_ffmpeg_load`, then libavformat (and the 38 more libraries it needs, about 9 MB) and its
/// functions below (`av_find_best_stream`, `av_read_frame`, `av_seek_frame`, `avformat_*`).
const char *woodshed_ffmpeg_load_format(void);

void woodshed_av_dict_free(AVDictionary **m);
int woodshed_av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags);
int woodshed_av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags);
AVFrame * woodshed_av_frame_alloc(void);
void * woodshed_av_mallocz(size_t size);
int woodshed_av_new_packet(AVPacket *pkt, int size);
void woodshed_av_frame_free(AVFrame **frame);
enum AVSampleFormat woodshed_av_get_packed_sample_fmt(enum AVSampleFormat f);
void woodshed_av_log_set_level(int level);
AVPacket * woodshed_av_packet_alloc(void);
void woodshed_av_packet_free(AVPacket **pkt);
void woodshed_av_packet_unref(AVPacket *pkt);
int woodshed_av_read_frame(AVFormatContext *s, AVPacket *pkt);
int64_t woodshed_av_rescale(int64_t a, int64_t b, int64_t c);
int64_t woodshed_av_rescale_q(int64_t a, AVRational bq, AVRational cq);
int woodshed_av_sample_fmt_is_planar(enum AVSampleFormat f);
int woodshed_av_seek_frame(AVFormatContext *s, int stream_index, int64_t timestamp, int flags);
int woodshed_av_strerror(int errnum, char *errbuf, size_t errbuf_size);
AVCodecContext * woodshed_avcodec_alloc_context3(const AVCodec *codec);
const AVCodec * woodshed_avcodec_find_decoder(enum AVCodecID id);
void woodshed_avcodec_flush_buffers(AVCodecContext *avctx);
void woodshed_avcodec_free_context(AVCodecContext **avctx);
const char * woodshed_avcodec_get_name(enum AVCodecID id);
int woodshed_avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options);
int woodshed_avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par);
int woodshed_avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame);
int woodshed_avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt);
void woodshed_avformat_close_input(AVFormatContext **s);
int woodshed_avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options);
int woodshed_avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options);
