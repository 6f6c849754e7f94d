#pragma once

namespace lockscope {

// A TCP port on 127.0.0.1 that nothing listens on right now (the kernel's choice for port 0).
// Another process may take it before we bind it: callers retry on failure. Returns 0 if none.
int pickFreePort();

} // namespace lockscope
