#include "sandbox/FreePort.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockscope {

int pickFreePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof(address);
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    // Cluster nodes also bind a bus port; keep both below 65535 and away from the top.
    return port > 0 && port < 55000 ? port : (port > 0 ? pickFreePort() : 0);
}

} // namespace lockscope
