// JACK for Swift. jack_client_open is variadic, which Swift cannot call: wrap it.
#ifndef WOODSHED_CJACK_SHIM_H
#define WOODSHED_CJACK_SHIM_H
#include <jack/jack.h>
#include <jack/transport.h>
#include <jack/midiport.h>
#include <stddef.h>

/// jack_client_open with an optional server name (NULL: $JACK_DEFAULT_SERVER or "default").
static inline jack_client_t *woodshed_jack_client_open(const char *name, jack_options_t options,
                                                       jack_status_t *status, const char *server) {
    if (server != NULL) {
        return jack_client_open(name, (jack_options_t)(options | JackServerName), status, server);
    }
    return jack_client_open(name, options, status);
}
#endif
