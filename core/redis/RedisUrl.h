#pragma once

#include "redis/ConnectionOptions.h"
#include "common/Result.h"

#include <string_view>

namespace lockscope {

// Parses a connection URL into options, keeping the defaults of `base` for what the URL does
// not say. Accepted forms:
//   redis://[user[:password]@]host[:port][/db]
//   rediss://...                               (TLS)
//   unix:///path/to/socket[?db=N]
//   redis+sentinel://[user[:password]@]host:port[,host:port...]/master[/db]
// user and password are percent-decoded; IPv6 hosts are written in brackets.
Result<ConnectionOptions> parseRedisUrl(std::string_view url, const ConnectionOptions& base = {});

} // namespace lockscope
