#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lockscope {

// One key as the scanner read it: its type, TTL, size and a bounded part of its contents.
// `truncated` says the contents are a prefix/sample because the value was too large to read.
struct RawKey
{
    enum class Type
    {
        String,
        Hash,
        List,
        Set,
        ZSet,
        Other,
    };

    std::string name;
    Type type = Type::Other;
    long long pttl = -1; // -1: no TTL (PTTL's own convention)
    long long size = 0; // STRLEN, HLEN, LLEN, SCARD or ZCARD
    std::string value; // strings: the whole value or a prefix of it
    std::vector<std::pair<std::string, std::string>> fields; // hashes
    std::vector<std::string> items; // lists, head first; sets, a sample of distinct members
    std::vector<std::pair<std::string, double>> members; // sorted sets, lowest score first
    bool truncated = false;
    // What a reader thread's keep filter worked out while deciding to keep the key (the
    // classifier's candidacy: which formats may want it, and how strongly), so that the thread
    // that classifies it does not ask the same questions again. Opaque to the scanner.
    struct KeepNote
    {
        std::uint64_t which = 0;
        std::uint8_t strength = 0;
    };
    std::optional<KeepNote> keepNote;

    std::optional<long long> ttlMs() const
    {
        return pttl >= 0 ? std::optional<long long>(pttl) : std::nullopt;
    }
    // The string value as a decimal integer (optional sign, digits only), if it is one.
    std::optional<long long> integerValue() const;
    const std::string* field(const std::string& fieldName) const;
};

} // namespace lockscope
