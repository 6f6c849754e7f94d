#pragma once

#include <cstdio>
#include <cstdlib>

// A broken property: libFuzzer saves the input that did it (abort() is a crash to it).
#define LOCKSCOPE_FUZZ_CHECK(condition)                                                                      \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "%s:%d: property broken: %s\n", __FILE__, __LINE__, #condition);            \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)
