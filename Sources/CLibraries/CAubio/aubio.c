// See CAubio.h: libaubio loaded on the first onset detector, and the calls Woodshed makes
// through it. Analysis threads (the load itself is done once, under pthread_once).
#include "CAubio.h"
#include "CLazyLibrary.h"

WOODSHED_LAZY_LIBRARY("libaubio.so.5", NULL)
WOODSHED_LAZY_AVAILABLE(woodshed_aubio_available)

// Each function goes through the real one, found on its first call; `fail` is returned when
// libaubio cannot be loaded.

WOODSHED_FORWARD(aubio_onset_t *, new_aubio_onset, (const char_t *method, uint_t buf_size, uint_t hop_size, uint_t samplerate),
                 (method, buf_size, hop_size, samplerate), NULL)
WOODSHED_FORWARD_VOID(del_aubio_onset, (aubio_onset_t *o), (o))
WOODSHED_FORWARD_VOID(aubio_onset_do, (aubio_onset_t *o, const fvec_t *input, fvec_t *onset), (o, input, onset))
WOODSHED_FORWARD(uint_t, aubio_onset_get_last, (const aubio_onset_t *o), (o), 0)
WOODSHED_FORWARD(uint_t, aubio_onset_set_threshold, (aubio_onset_t *o, smpl_t threshold), (o, threshold), 1)
WOODSHED_FORWARD(uint_t, aubio_onset_set_silence, (aubio_onset_t *o, smpl_t silence), (o, silence), 1)
WOODSHED_FORWARD(uint_t, aubio_onset_set_minioi_ms, (aubio_onset_t *o, smpl_t minioi), (o, minioi), 1)
