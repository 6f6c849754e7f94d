#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace lockscope {

// The hash of a lock's identity, the same for every BasicLockId made of the same bytes.
std::uint64_t lockIdHash(std::uint16_t server, std::string_view node, std::string_view name);

// Which lock: the open server that read it (an index its reader gives, 0 for a lone server: the
// fleet's member, the GUI's open server), the master that holds its keys (host:port) and its name
// (raw bytes). The one identity of a lock across the watcher, its supervisor, the fleet and the
// GUI's table, alerts and selection.
//
// Hashed once, when made: a watcher looks its locks up several times per change and the GUI's
// table on every paint. The hash is seeded per process (names are written by whoever can write to
// Redis, and must not be chosen to collide) and shares one word with the server, so that an id
// costs one word more than its texts.
//
// LockId owns its texts; LockIdView views texts kept elsewhere: a watcher keeps every lock it
// sees, and keys its map by views into the snapshot each entry keeps (a copy of each lock's node
// and name would be paid 100,000 times on a large server). A view moves to the same bytes in a
// new snapshot of the lock with repoint() (its hash and its place in a map hold).
template <class Text>
class BasicLockId
{
public:
    BasicLockId()
        : BasicLockId(0, Text(), Text())
    {
    }
    BasicLockId(std::uint16_t server, Text node, Text name)
        : m_node(std::move(node))
        , m_name(std::move(name))
        , m_hash(lockIdHash(server, m_node, m_name) & hashMask)
        , m_server(server)
    {
    }
    // The same identity in the other form (a view of an owned id, an owned copy of a view).
    // (enable_if, static_assert and no <compare>: Qt's moc reads this header through the GUI's
    // and cannot parse <concepts>.)
    template <class Other, typename = std::enable_if_t<!std::is_same_v<Other, Text>>>
    explicit BasicLockId(const BasicLockId<Other>& other)
        : m_node(other.node())
        , m_name(other.name())
        , m_hash(other.hash())
        , m_server(other.server())
    {
    }

    // An id whose hash was made before (`hash`: hash() of an id of the same server, node and
    // name): a holder that keeps the hash, not the id, makes it again without hashing.
    static BasicLockId withKnownHash(std::uint16_t server, Text node, Text name, size_t hash)
    {
        BasicLockId id(server, std::move(node), std::move(name), Unhashed {});
        id.m_hash = hash & hashMask;
        return id;
    }

    std::uint16_t server() const { return std::uint16_t(m_server); }
    const Text& node() const { return m_node; }
    const Text& name() const { return m_name; }
    size_t hash() const { return size_t(m_hash); }

    // A view only: the same node and name, kept in other bytes from now on (the lock's new
    // snapshot). The identity does not change, so neither does the hash nor the map's order.
    void repoint(std::string_view node, std::string_view name) const
    {
        static_assert(std::is_same_v<Text, std::string_view>, "only a view moves to other bytes");
        m_node = node;
        m_name = name;
    }

    template <class Other>
    bool operator==(const BasicLockId<Other>& other) const
    {
        return hash() == other.hash() && server() == other.server()
            && std::string_view(m_name) == std::string_view(other.name())
            && std::string_view(m_node) == std::string_view(other.node());
    }
    // By server, node, then name: a listing's order.
    template <class Other>
    bool operator<(const BasicLockId<Other>& other) const
    {
        if (server() != other.server())
            return server() < other.server();
        if (const int byNode = std::string_view(m_node).compare(other.node()); byNode != 0)
            return byNode < 0;
        return std::string_view(m_name) < std::string_view(other.name());
    }

    static constexpr int hashBits = 48; // of hash()

private:
    struct Unhashed
    {
    };
    BasicLockId(std::uint16_t server, Text node, Text name, Unhashed)
        : m_node(std::move(node))
        , m_name(std::move(name))
        , m_hash(0)
        , m_server(server)
    {
    }

    static constexpr std::uint64_t hashMask = (std::uint64_t(1) << hashBits) - 1;
    mutable Text m_node; // mutable for repoint() (views only)
    mutable Text m_name;
    std::uint64_t m_hash : hashBits;
    std::uint64_t m_server : 64 - hashBits;
};

using LockId = BasicLockId<std::string>;
using LockIdView = BasicLockId<std::string_view>;

// For unordered maps of either form; looks a LockId up by a LockIdView and back (with
// std::equal_to<>).
struct LockIdHash
{
    using is_transparent = void;
    template <class Text>
    size_t operator()(const BasicLockId<Text>& id) const noexcept
    {
        return id.hash();
    }
};

} // namespace lockscope
