// The RealtimeSanitizer hooks are in the header. In the `make rtcheck` build this file also puts
// RealtimeSanitizer's initialiser in .preinit_array, as clang's -fsanitize=realtime link does
// with its rtsan_preinit object (we link the runtime archive by hand, which leaves that object
// out): libraries whose constructors allocate before main (glib's, pulled in by FFmpeg's
// libavcodec through librsvg) otherwise call the sanitizer's interceptors before it has set
// itself up, and the program dies before main.
#ifdef WOODSHED_RTSAN
void __rtsan_init(void);
__attribute__((section(".preinit_array"), used))
static void (*const woodshed_rtsan_preinit)(void) = __rtsan_init;
#endif
