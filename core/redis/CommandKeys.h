#pragma once

#include "common/Result.h"
#include "redis/CommandPolicy.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace lockscope {

// Which arguments of a command are keys, as far as Redis Cluster routing is concerned.
//
// Ordinary key commands have their key at args[1]; multi-key commands (MGET, DEL k1 k2, MSET,
// BLPOP, RENAME, ZUNIONSTORE ...) list several; EVAL/EVALSHA/EVAL_RO/EVALSHA_RO/FCALL/FCALL_RO
// name theirs after numkeys; commands such as PING, INFO, CLUSTER ..., SCAN or EVAL with
// numkeys 0 have none. A command not in the tables is taken to have its key at args[1].
class CommandKeys
{
public:
    // The keys, in argument order, as views into `args` (valid while `args` lives). A malformed
    // key count (EVAL script notanumber ...) is a Usage error.
    static Result<std::vector<std::string_view>> of(const RedisCommand& args);

    // The one slot all keys of the command hash to; nullopt for a keyless command. Keys in
    // different slots are a CrossSlot error, found before anything is sent.
    static Result<std::optional<uint16_t>> slotOf(const RedisCommand& args);
};

} // namespace lockscope
