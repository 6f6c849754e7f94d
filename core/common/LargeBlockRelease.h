#pragma once

namespace lockscope {

// Makes the allocator hand every large block (from 128 KiB) back to the system when it is
// freed. glibc otherwise raises that threshold after the first large block is freed, and
// serves later large blocks from the heap, where they leave holes when they go. A monitor's
// first listing of 100,000 locks passes through tens of megabytes of such scratch (candidate
// keys, the listed snapshots, the batch for the table); with the default the process would keep
// that freed memory for good, as holes between the locks it still holds. Long-running processes
// that hold many locks call it once at start; elsewhere (the benchmarks' busy loops) the
// default's reuse of freed blocks is the better trade.
struct LargeBlockRelease
{
    static void enable();
    // Hands the free pages of every heap back to the system now. Threads that allocated (the
    // inspector's reader threads) have heaps of their own, whose freed scratch no other thread
    // reuses: after a large listing they would keep it for good (about 70 bytes a lock listed).
    static void returnFreedPages();
};

} // namespace lockscope
