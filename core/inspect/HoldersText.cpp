#include "inspect/HoldersText.h"

#include "common/DisplayText.h"

#include <algorithm>

namespace lockscope {

HoldersText HoldersText::stored()
{
    HoldersText style;
    style.owners = Owners::Raw;
    style.details = Details::OwnersOnly;
    style.separator = "\n";
    style.nobody = "";
    return style;
}

std::string HoldersText::of(const std::vector<LockHolder>& holders) const
{
    if (holders.empty())
        return std::string(nobody);
    std::string text;
    const size_t written = std::min(shown, holders.size());
    for (size_t i = 0; i < written; ++i) {
        const LockHolder& holder = holders[i];
        if (i > 0)
            text += separator;
        text += owners == Owners::Raw ? holder.owner : DisplayText::escaped(holder.owner, ownerBytes);
        if (details == Details::OwnersOnly)
            continue;
        if (holder.count != 1)
            text += " x" + std::to_string(holder.count);
        if (holder.mode != HolderMode::Exclusive)
            text
                += " (" + (modeName ? modeName(holder.mode) : std::string(holderModeName(holder.mode))) + ")";
    }
    if (written < holders.size())
        text += " +" + std::to_string(holders.size() - written) + " more";
    return text;
}

} // namespace lockscope
