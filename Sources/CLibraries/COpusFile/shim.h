// libopusfile (Debian libopusfile-dev): Opus decoding at 48 kHz with exact positions (op_pcm_seek).
#include <opusfile.h>
