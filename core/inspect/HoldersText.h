#pragma once

#include "inspect/LockSnapshot.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// A lock's holders as one text: the one way the CLI's table and messages, the GUI's table and the
// history's events write them. Each owner escaped (raw bytes never reach a terminal), " x3" for a
// hold re-entered three times, " (read)" for any mode but exclusive, ", " between them.
struct HoldersText
{
    enum class Owners
    {
        Escaped, // as DisplayText::escaped shows bytes (valid UTF-8 as text), cut at ownerBytes
        Raw, // the bytes as Redis holds them: for storing, never for showing
    };
    enum class Details
    {
        CountsAndModes,
        OwnersOnly,
    };

    Owners owners = Owners::Escaped;
    size_t ownerBytes = 80;
    Details details = Details::CountsAndModes;
    size_t shown = SIZE_MAX; // holders written out; the others as " +N more"
    std::string_view separator = ", ";
    std::string_view nobody = "-"; // the text for no holder at all
    // A mode's word: the core's name by default; the GUI gives its translation.
    std::function<std::string(HolderMode)> modeName;

    // The history's events keep the raw holder ids, one a line.
    static HoldersText stored();

    std::string of(const std::vector<LockHolder>& holders) const;
};

} // namespace lockscope
