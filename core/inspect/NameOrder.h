#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace lockscope {

// The order of a large set of items by their names, stable. A sort that compares the names
// themselves reads two names, far apart in memory, per comparison, and keys of one family
// (`lock:scale:1`, `lock:scale:2`, ...) share a long prefix that every comparison reads again.
// Here each item gets the eight bytes that follow the prefix all names share, packed in one
// integer in byte order; only items whose eight bytes are equal are compared in full (`less`).
class NameOrder
{
public:
    // `nameOf(i)`: item i's name (a std::string_view). `less(i, j)`: the whole order, which must
    // order first by that name (it may break ties between equal names). Returns the items'
    // positions in order.
    template <typename NameOf, typename Less>
    static std::vector<size_t> of(size_t count, const NameOf& nameOf, const Less& less)
    {
        std::vector<size_t> order(count);
        if (count == 0)
            return order;
        size_t shared = std::string_view(nameOf(0)).size();
        const std::string_view first = nameOf(0);
        for (size_t i = 1; i < count && shared > 0; ++i) {
            const std::string_view name = nameOf(i);
            size_t same = 0;
            const size_t most = std::min(shared, name.size());
            while (same < most && name[same] == first[same])
                ++same;
            shared = same;
        }
        struct Head
        {
            std::uint64_t bytes;
            size_t item;
        };
        std::vector<Head> heads(count);
        for (size_t i = 0; i < count; ++i)
            heads[i] = {headOf(nameOf(i), shared), i};
        std::stable_sort(heads.begin(), heads.end(), [&less](const Head& a, const Head& b) {
            return a.bytes != b.bytes ? a.bytes < b.bytes : less(a.item, b.item);
        });
        for (size_t i = 0; i < count; ++i)
            order[i] = heads[i].item;
        return order;
    }

private:
    // Bytes [from, from + 8) of `name` as an unsigned big-endian number, missing ones as zero:
    // a name before another never gets a larger number.
    static std::uint64_t headOf(std::string_view name, size_t from)
    {
        std::uint64_t bytes = 0;
        for (size_t i = from; i < from + 8; ++i)
            bytes = (bytes << 8) | (i < name.size() ? static_cast<unsigned char>(name[i]) : 0U);
        return bytes;
    }
};

} // namespace lockscope
