// See CFFmpeg.h: FFmpeg's libraries loaded on first use, and the calls Woodshed makes through them.
#include "CFFmpeg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static void (*p_av_dict_free)(AVDictionary **m);
static int (*p_av_dict_set)(AVDictionary **pm, const char *key, const char *value, int flags);
static int (*p_av_find_best_stream)(AVFormatContext *ic, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags);
static AVFrame * (*p_av_frame_alloc)(void);
static void * (*p_av_mallocz)(size_t size);
static int (*p_av_new_packet)(AVPacket *pkt, int size);
static void (*p_av_frame_free)(AVFrame **frame);
static enum AVSampleFormat (*p_av_get_packed_sample_fmt)(enum AVSampleFormat f);
static void (*p_av_log_set_level)(int level);
static AVPacket * (*p_av_packet_alloc)(void);
static void (*p_av_packet_free)(AVPacket **pkt);
static void (*p_av_packet_unref)(AVPacket *pkt);
static int (*p_av_read_frame)(AVFormatContext *s, AVPacket *pkt);
static int64_t (*p_av_rescale)(int64_t a, int64_t b, int64_t c);
static int64_t (*p_av_rescale_q)(int64_t a, AVRational bq, AVRational cq);
static int (*p_av_sample_fmt_is_planar)(enum AVSampleFormat f);
static int (*p_av_seek_frame)(AVFormatContext *s, int stream_index, int64_t timestamp, int flags);
static int (*p_av_strerror)(int errnum, char *errbuf, size_t errbuf_size);
static AVCodecContext * (*p_avcodec_alloc_context3)(const AVCodec *codec);
static const AVCodec * (*p_avcodec_find_decoder)(enum AVCodecID id);
static void (*p_avcodec_flush_buffers)(AVCodecContext *avctx);
static void (*p_avcodec_free_context)(AVCodecContext **avctx);
static const char * (*p_avcodec_get_name)(enum AVCodecID id);
static int (*p_avcodec_open2)(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options);
static int (*p_avcodec_parameters_to_context)(AVCodecContext *codec, const AVCodecParameters *par);
static int (*p_avcodec_receive_frame)(AVCodecContext *avctx, AVFrame *frame);
static int (*p_avcodec_send_packet)(AVCodecContext *avctx, const AVPacket *avpkt);
static void (*p_avformat_close_input)(AVFormatContext **s);
static int (*p_avformat_find_stream_info)(AVFormatContext *ic, AVDictionary **options);
static int (*p_avformat_open_input)(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options);

static const char *load_error = "not loaded";
static const char *format_load_error = "not loaded";
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_once_t format_once = PTHREAD_ONCE_INIT;
static char message[512];
static char format_message[512];

// Looks up p_NAME in the library LIB (a handle named after it); on failure says so in MESSAGE,
// points ERROR at it and returns from the loader.
#define FIND(lib, name, message, error) \
    if (!(*(void **)&p_##name = dlsym(lib, #name))) { \
        snprintf(message, sizeof message, "no " #name " in lib" #lib); error = message; return; \
    }

static void *open_library(const char *name, char *error, size_t size) {
    void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!h) snprintf(error, size, "%s", dlerror());
    return h;
}

static void load(void) {
    void *avutil = open_library("libavutil.so." STR(LIBAVUTIL_VERSION_MAJOR), message, sizeof message);
    if (!avutil) { load_error = message; return; }
    void *avcodec = open_library("libavcodec.so." STR(LIBAVCODEC_VERSION_MAJOR), message, sizeof message);
    if (!avcodec) { load_error = message; return; }
    FIND(avutil, av_dict_free, message, load_error);
    FIND(avutil, av_dict_set, message, load_error);
    FIND(avutil, av_frame_alloc, message, load_error);
    FIND(avutil, av_frame_free, message, load_error);
    FIND(avutil, av_get_packed_sample_fmt, message, load_error);
    FIND(avutil, av_log_set_level, message, load_error);
    FIND(avutil, av_mallocz, message, load_error);
    FIND(avcodec, av_new_packet, message, load_error);
    FIND(avcodec, av_packet_alloc, message, load_error);
    FIND(avcodec, av_packet_free, message, load_error);
    FIND(avcodec, av_packet_unref, message, load_error);
    FIND(avutil, av_rescale, message, load_error);
    FIND(avutil, av_rescale_q, message, load_error);
    FIND(avutil, av_sample_fmt_is_planar, message, load_error);
    FIND(avutil, av_strerror, message, load_error);
    FIND(avcodec, avcodec_alloc_context3, message, load_error);
    FIND(avcodec, avcodec_find_decoder, message, load_error);
    FIND(avcodec, avcodec_flush_buffers, message, load_error);
    FIND(avcodec, avcodec_free_context, message, load_error);
    FIND(avcodec, avcodec_get_name, message, load_error);
    FIND(avcodec, avcodec_open2, message, load_error);
    FIND(avcodec, avcodec_parameters_to_context, message, load_error);
    FIND(avcodec, avcodec_receive_frame, message, load_error);
    FIND(avcodec, avcodec_send_packet, message, load_error);
    load_error = NULL;
}

static void load_format(void) {
    if (woodshed_ffmpeg_load()) { format_load_error = load_error; return; }
    void *avformat = open_library("libavformat.so." STR(LIBAVFORMAT_VERSION_MAJOR), format_message, sizeof format_message);
    if (!avformat) { format_load_error = format_message; return; }
    FIND(avformat, av_find_best_stream, format_message, format_load_error);
    FIND(avformat, av_read_frame, format_message, format_load_error);
    FIND(avformat, av_seek_frame, format_message, format_load_error);
    FIND(avformat, avformat_close_input, format_message, format_load_error);
    FIND(avformat, avformat_find_stream_info, format_message, format_load_error);
    FIND(avformat, avformat_open_input, format_message, format_load_error);
    format_load_error = NULL;
}

const char *woodshed_ffmpeg_load(void) {
    pthread_once(&once, load);
    return load_error;
}

const char *woodshed_ffmpeg_load_format(void) {
    pthread_once(&format_once, load_format);
    return format_load_error;
}

void woodshed_av_dict_free(AVDictionary **m) { p_av_dict_free(m); }
int woodshed_av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) { return p_av_dict_set(pm, key, value, flags); }
int woodshed_av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags) { return p_av_find_best_stream(ic, type, wanted, related, decoder, flags); }
AVFrame * woodshed_av_frame_alloc(void) { return p_av_frame_alloc(); }
void * woodshed_av_mallocz(size_t size) { return p_av_mallocz(size); }
int woodshed_av_new_packet(AVPacket *pkt, int size) { return p_av_new_packet(pkt, size); }
void woodshed_av_frame_free(AVFrame **frame) { p_av_frame_free(frame); }
enum AVSampleFormat woodshed_av_get_packed_sample_fmt(enum AVSampleFormat f) { return p_av_get_packed_sample_fmt(f); }
void woodshed_av_log_set_level(int level) { p_av_log_set_level(level); }
AVPacket * woodshed_av_packet_alloc(void) { return p_av_packet_alloc(); }
void woodshed_av_packet_free(AVPacket **pkt) { p_av_packet_free(pkt); }
void woodshed_av_packet_unref(AVPacket *pkt) { p_av_packet_unref(pkt); }
int woodshed_av_read_frame(AVFormatContext *s, AVPacket *pkt) { return p_av_read_frame(s, pkt); }
int64_t woodshed_av_rescale(int64_t a, int64_t b, int64_t c) { return p_av_rescale(a, b, c); }
int64_t woodshed_av_rescale_q(int64_t a, AVRational bq, AVRational cq) { return p_av_rescale_q(a, bq, cq); }
int woodshed_av_sample_fmt_is_planar(enum AVSampleFormat f) { return p_av_sample_fmt_is_planar(f); }
int woodshed_av_seek_frame(AVFormatContext *s, int stream_index, int64_t timestamp, int flags) { return p_av_seek_frame(s, stream_index, timestamp, flags); }
int woodshed_av_strerror(int errnum, char *errbuf, size_t errbuf_size) { return p_av_strerror(errnum, errbuf, errbuf_size); }
AVCodecContext * woodshed_avcodec_alloc_context3(const AVCodec *codec) { return p_avcodec_alloc_context3(codec); }
const AVCodec * woodshed_avcodec_find_decoder(enum AVCodecID id) { return p_avcodec_find_decoder(id); }
void woodshed_avcodec_flush_buffers(AVCodecContext *avctx) { p_avcodec_flush_buffers(avctx); }
void woodshed_avcodec_free_context(AVCodecContext **avctx) { p_avcodec_free_context(avctx); }
const char * woodshed_avcodec_get_name(enum AVCodecID id) { return p_avcodec_get_name(id); }
int woodshed_avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) { return p_avcodec_open2(avctx, codec, options); }
int woodshed_avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) { return p_avcodec_parameters_to_context(codec, par); }
int woodshed_avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) { return p_avcodec_receive_frame(avctx, frame); }
int woodshed_avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) { return p_avcodec_send_packet(avctx, avpkt); }
void woodshed_avformat_close_input(AVFormatContext **s) { p_avformat_close_input(s); }
int woodshed_avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) { return p_avformat_find_stream_info(ic, options); }
int woodshed_avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options) { return p_avformat_open_input(ps, url, fmt, options); }
