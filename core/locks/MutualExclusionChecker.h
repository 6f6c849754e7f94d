#pragma once

#include "common/Result.h"
#include "common/UserText.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// One critical section as its holder saw it, with start and end on one clock shared by every
// holder being compared (e.g. CLOCK_REALTIME nanoseconds on one machine).
struct CriticalSection
{
    std::string holder;
    std::optional<long long> fence; // nullopt for kinds without fencing
    long long start = 0;
    long long end = 0;
};

struct MutualExclusionReport
{
    struct Overlap
    {
        CriticalSection first; // started first
        CriticalSection second; // started before `first` ended
    };
    struct FenceRegression
    {
        CriticalSection earlier;
        CriticalSection later; // started later, fence not above `earlier`'s
    };

    size_t sections = 0;
    std::vector<Overlap> overlaps;
    std::vector<FenceRegression> fenceRegressions;
    // Lines that are not records, ends without starts, starts without ends (a holder that died
    // inside its section: not checked for overlap, since its real end is unknown).
    std::vector<std::string> problems;

    bool exclusive() const { return overlaps.empty(); }
    bool fencesIncrease() const { return fenceRegressions.empty(); }
    bool ok() const { return exclusive() && fencesIncrease(); }
    // Counts and the first few findings, for test failures and the stress report.
    std::string summary() const; // summaryText() in English
    UserText summaryText() const;
};

// Judges a history of critical sections: did any two overlap, and did fences strictly increase
// in the order the sections began? The stress engine feeds it sections directly; the CLI tests
// let several processes append records to one history file:
//     start <holder> <fence or -> <time>
//     end <holder> <fence or -> <time>
// (a holder is unique per section, e.g. a pid; the records of one section pair by holder).
class MutualExclusionChecker
{
public:
    void record(CriticalSection section);
    // Reads a history file; unreadable lines become problems, an unreadable file an error.
    Status readHistory(const std::string& path);
    void readHistoryText(const std::string& text);

    MutualExclusionReport check() const;

private:
    std::vector<CriticalSection> m_sections;
    std::vector<std::string> m_problems;
};

} // namespace lockscope
