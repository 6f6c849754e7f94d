#include "common/LargeBlockRelease.h"

#include <QtTest>

#include <cstdlib>
#include <malloc.h>

using namespace lockscope;

#if defined(__SANITIZE_ADDRESS__)
#define LOCKSCOPE_OTHER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define LOCKSCOPE_OTHER_ALLOCATOR 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define LOCKSCOPE_OTHER_ALLOCATOR 1
#endif

class tst_LargeBlockRelease : public QObject
{
    Q_OBJECT

private slots:
    void aLargeBlockAfterALargerOneFreedStillComesFromTheSystem()
    {
#ifdef LOCKSCOPE_OTHER_ALLOCATOR
        QSKIP("a sanitizer's allocator stands in for glibc's here");
#endif
        LargeBlockRelease::enable();
        // Freeing a large block is what makes glibc's default keep later ones in the heap.
        void* larger = std::malloc(8 << 20);
        QVERIFY(larger);
        static_cast<volatile char*>(larger)[0] = 1;
        std::free(larger);
        const size_t mappedBefore = mallinfo2().hblks;
        void* large = std::malloc(1 << 20);
        QVERIFY(large);
        static_cast<volatile char*>(large)[0] = 1;
        // Mapped on its own, so freeing it gives the pages back (the default would have carved
        // it from the heap: the count would not move).
        QCOMPARE(mallinfo2().hblks, mappedBefore + 1);
        std::free(large);
        QCOMPARE(mallinfo2().hblks, mappedBefore);
    }
};

QTEST_GUILESS_MAIN(tst_LargeBlockRelease)
#include "tst_LargeBlockRelease.moc"
