#pragma once

#include "common/Result.h"
#include "common/UserText.h"
#include "redis/ConnectionOptions.h"

#include <string_view>

namespace lockscope {

// Parses a connection URL into options, keeping the defaults of `base` for what the URL does
// not say. Accepted forms:
//   redis://[user[:password]@]host[:port][/db]
//   rediss://...                               (TLS)
//   unix:///path/to/socket[?db=N]
//   redis+sentinel://[user[:password]@]host:port[,host:port...]/master[/db]
// user and password are percent-decoded; IPv6 hosts are written in brackets.
// An error's message is the English of redisUrlProblem(url).
Result<ConnectionOptions> parseRedisUrl(std::string_view url, const ConnectionOptions& base = {});
// What is wrong with `url`, in words the GUI translates (empty: parseRedisUrl accepts it).
UserText redisUrlProblem(std::string_view url);

} // namespace lockscope
