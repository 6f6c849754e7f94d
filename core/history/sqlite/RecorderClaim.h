#pragma once

#include "common/Result.h"

#include <string>

namespace lockscope {

// One recorder per history file: an advisory flock(2) on the file, held while the recorder
// lives. SQLite's own locks (fcntl) are separate, so readers (`history`, the GUI) are not
// affected; a second recorder is refused instead of interleaving its holds with the first's.
class RecorderClaim
{
public:
    static Result<RecorderClaim> take(const std::string& path);
    RecorderClaim() = default;
    ~RecorderClaim();
    RecorderClaim(RecorderClaim&& other) noexcept;
    RecorderClaim& operator=(RecorderClaim&& other) noexcept;
    RecorderClaim(const RecorderClaim&) = delete;
    RecorderClaim& operator=(const RecorderClaim&) = delete;

private:
    int m_fd = -1;
};

} // namespace lockscope
