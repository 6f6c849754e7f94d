#include "support/BenchMeasures.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>

namespace lockscope::test {

double threadCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_THREAD, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double processCpuSeconds(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const size_t afterName = line.rfind(')'); // the name may hold spaces and parentheses
    if (afterName == std::string::npos)
        return 0;
    std::istringstream fields(line.substr(afterName + 2));
    std::string field;
    unsigned long long user = 0, system = 0;
    // Fields 3 to 13 come before utime (14) and stime (15).
    for (int i = 3; i <= 13 && fields >> field; ++i) { }
    fields >> user >> system;
    return double(user + system) / double(sysconf(_SC_CLK_TCK));
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

} // namespace lockscope::test
