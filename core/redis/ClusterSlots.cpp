#include "redis/ClusterSlots.h"

#include <algorithm>

namespace lockscope {

namespace {

uint16_t crc16(std::string_view bytes)
{
    uint16_t crc = 0;
    for (unsigned char byte : bytes) {
        crc ^= static_cast<uint16_t>(byte) << 8;
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? static_cast<uint16_t>((crc << 1) ^ 0x1021)
                                 : static_cast<uint16_t>(crc << 1);
    }
    return crc;
}

Result<HostPort> parseNode(const RedisReply& node)
{
    const auto host = node.at(0).toStringView();
    const auto port = node.at(1).toInteger();
    if (!node.isArray() || node.size() < 2 || !host || !port || *port <= 0 || *port > 65535)
        return makeError(ErrorKind::Protocol, "malformed node in CLUSTER SLOTS: " + node.describe());
    return HostPort {std::string(*host), static_cast<int>(*port)};
}

} // namespace

uint16_t clusterKeySlot(std::string_view key)
{
    const auto open = key.find('{');
    if (open != std::string_view::npos) {
        const auto close = key.find('}', open + 1);
        if (close != std::string_view::npos && close > open + 1)
            key = key.substr(open + 1, close - open - 1);
    }
    return crc16(key) & (clusterSlotCount - 1);
}

Result<std::vector<SlotRange>> parseClusterSlots(const RedisReply& reply)
{
    if (!reply.isArray())
        return makeError(ErrorKind::Protocol, "CLUSTER SLOTS did not return an array");
    std::vector<SlotRange> ranges;
    for (const auto& entry : reply.elements()) {
        const auto first = entry.at(0).toInteger();
        const auto last = entry.at(1).toInteger();
        if (!entry.isArray() || entry.size() < 3 || !first || !last || *first < 0 || *last >= clusterSlotCount
            || *first > *last)
            return makeError(ErrorKind::Protocol, "malformed CLUSTER SLOTS entry: " + entry.describe());
        SlotRange range;
        range.first = static_cast<int>(*first);
        range.last = static_cast<int>(*last);
        auto master = parseNode(entry.at(2));
        if (!master)
            return master.error();
        range.master = *master;
        if (auto id = entry.at(2).at(2).toStringView())
            range.masterId = std::string(*id);
        for (size_t i = 3; i < entry.size(); ++i) {
            auto replica = parseNode(entry.at(i));
            if (replica)
                range.replicas.push_back(*replica);
        }
        ranges.push_back(std::move(range));
    }
    return ranges;
}

std::vector<HostPort> mastersOf(const std::vector<SlotRange>& ranges)
{
    std::vector<HostPort> masters;
    for (const auto& range : ranges) {
        if (std::find(masters.begin(), masters.end(), range.master) == masters.end())
            masters.push_back(range.master);
    }
    return masters;
}

} // namespace lockscope
