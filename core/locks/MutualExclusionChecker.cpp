#include "locks/MutualExclusionChecker.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

namespace lockscope {

namespace {
std::optional<long long> parseNumber(const std::string& text)
{
    long long value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

UserText describe(const CriticalSection& section)
{
    return UserText(LOCKSCOPE_TEXT("MutualExclusionChecker", "%1 (fence %2, %3..%4)"), section.holder,
        section.fence ? std::to_string(*section.fence) : "-", section.start, section.end);
}
} // namespace

void MutualExclusionChecker::record(CriticalSection section)
{
    m_sections.push_back(std::move(section));
}

Status MutualExclusionChecker::readHistory(const std::string& path)
{
    std::ifstream file(path);
    if (!file)
        return makeError(ErrorKind::NotFound, "cannot read history file " + path);
    std::stringstream text;
    text << file.rdbuf();
    readHistoryText(text.str());
    return Done {};
}

void MutualExclusionChecker::readHistoryText(const std::string& text)
{
    struct Open
    {
        std::optional<long long> fence;
        long long start;
    };
    std::map<std::string, Open> open;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty())
            continue;
        std::istringstream fields(line);
        std::string event, holder, fenceText, timeText, extra;
        fields >> event >> holder >> fenceText >> timeText;
        const auto time = parseNumber(timeText);
        const auto fence = parseNumber(fenceText);
        if ((event != "start" && event != "end") || holder.empty() || !time || (fenceText != "-" && !fence)
            || (fields >> extra)) {
            m_problems.push_back("not a history record: '" + line + "'");
            continue;
        }
        if (event == "start") {
            if (open.count(holder))
                m_problems.push_back("holder " + holder + " started twice without an end");
            open[holder] = Open {fence, *time};
            continue;
        }
        auto it = open.find(holder);
        if (it == open.end()) {
            m_problems.push_back("end without start for holder " + holder);
            continue;
        }
        record(CriticalSection {holder, it->second.fence, it->second.start, *time});
        open.erase(it);
    }
    for (const auto& [holder, section] : open)
        m_problems.push_back(
            "holder " + holder + " started at " + std::to_string(section.start) + " and never ended");
}

MutualExclusionReport MutualExclusionChecker::check() const
{
    MutualExclusionReport report;
    report.sections = m_sections.size();
    report.problems = m_problems;

    std::vector<CriticalSection> sorted = m_sections;
    std::stable_sort(sorted.begin(), sorted.end(),
        [](const CriticalSection& a, const CriticalSection& b) { return a.start < b.start; });

    // A section overlaps when it starts before the latest end seen so far; touching ends
    // (end == next start) are not overlaps, the next holder may start the moment one ends.
    const CriticalSection* longest = nullptr;
    const CriticalSection* lastFenced = nullptr;
    for (const auto& section : sorted) {
        if (section.end < section.start)
            report.problems.push_back("section of " + section.holder + " ends before it starts");
        if (longest && section.start < longest->end)
            report.overlaps.push_back({*longest, section});
        if (!longest || section.end > longest->end)
            longest = &section;
        if (section.fence) {
            if (lastFenced && *section.fence <= *lastFenced->fence)
                report.fenceRegressions.push_back({*lastFenced, section});
            lastFenced = &section;
        }
    }
    return report;
}

std::string MutualExclusionReport::summary() const
{
    return summaryText().english();
}

UserText MutualExclusionReport::summaryText() const
{
    UserText text(LOCKSCOPE_TEXT("MutualExclusionChecker",
                      "%1 sections, %2 overlaps, %3 fence regressions, %4 problems"),
        sections, overlaps.size(), fenceRegressions.size(), problems.size());
    constexpr size_t shown = 3;
    for (size_t i = 0; i < overlaps.size() && i < shown; ++i)
        text = UserText(LOCKSCOPE_TEXT("MutualExclusionChecker", "%1\n  overlap: %2 and %3"), std::move(text),
            describe(overlaps[i].first), describe(overlaps[i].second));
    for (size_t i = 0; i < fenceRegressions.size() && i < shown; ++i)
        text = UserText(LOCKSCOPE_TEXT("MutualExclusionChecker", "%1\n  fence regression: %2 then %3"),
            std::move(text), describe(fenceRegressions[i].earlier), describe(fenceRegressions[i].later));
    // Problems are about a history file's lines, which only the CLI reads: they stay as written.
    for (size_t i = 0; i < problems.size() && i < shown; ++i)
        text = UserText(
            LOCKSCOPE_TEXT("MutualExclusionChecker", "%1\n  problem: %2"), std::move(text), problems[i]);
    return text;
}

} // namespace lockscope
