// Decoders independent of DeepLinkKit's writers, from Debian's packages (Fuzz/run installs them):
// zbar's QR reader (libzbar-dev) and zlib (zlib1g-dev), with which the fuzzers read back the PNG
// and SVG codes the QA site draws. Test-only: the library never links them.
#include <zbar.h>
#include <zlib.h>
