// CLazyLibrary is its header, CLazyLibrary.h; a C target needs a source file of its own.
#include "CLazyLibrary.h"
