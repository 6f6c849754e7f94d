#include "history/sqlite/RecorderClaim.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <utility>

namespace lockscope {

Result<RecorderClaim> RecorderClaim::take(const std::string& path)
{
    RecorderClaim claim;
    claim.m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (claim.m_fd < 0)
        return makeError(ErrorKind::NoPermission,
            "history database " + path + ": cannot open (" + std::strerror(errno) + ")");
    if (::flock(claim.m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        if (error == EWOULDBLOCK)
            return makeError(ErrorKind::Timeout,
                "history database " + path + " is being recorded by another process; it is left to that one");
        return makeError(ErrorKind::Internal,
            "history database " + path + ": cannot claim (" + std::strerror(error) + ")");
    }
    return claim;
}

RecorderClaim::~RecorderClaim()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the flock
}

RecorderClaim::RecorderClaim(RecorderClaim&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
{
}

RecorderClaim& RecorderClaim::operator=(RecorderClaim&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
}

} // namespace lockscope
