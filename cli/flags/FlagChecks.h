#pragma once

#include <string>
#include <vector>

namespace CLI {
class Validator;
}

// The value checks that flags' definitions (cli/CommandLine.cpp) name; each message follows
// "--flag: ". They run on the text before CLI11 converts it, so a conversion never fails after a
// check passed.
namespace lockscope::flagChecks {

CLI::Validator wholeNumber(long long min, long long max);
CLI::Validator seconds(); // 0 < S <= 86400, fractions allowed
CLI::Validator oneOf(std::vector<std::string> words);
CLI::Validator lockKind(); // a kind LockFactory knows
// "10%" or "10", 1 to 100: the '%' taken off (a transform; a check would not change the text).
CLI::Validator percent();
CLI::Validator notEmpty();

} // namespace lockscope::flagChecks
