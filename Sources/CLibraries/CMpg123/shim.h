// libmpg123 (Debian libmpg123-dev): MP3 decoding with exact, gapless seeks.
#include <mpg123.h>
