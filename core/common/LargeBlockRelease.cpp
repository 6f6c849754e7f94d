#include "common/LargeBlockRelease.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace lockscope {

void LargeBlockRelease::enable()
{
#if defined(__GLIBC__)
    // Setting a threshold also turns off its dynamic raising. Both, and both back at their
    // defaults: a large block freed before this call (Qt's start-up frees some) has raised the
    // trim threshold too, and the heap's free top would then be kept up to twice that size.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}

void LargeBlockRelease::returnFreedPages()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace lockscope
