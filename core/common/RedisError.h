#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// What went wrong, as a category the caller can act on. The CLI maps these to sysexits codes,
// the GUI to messages; the core never throws for any of them.
enum class ErrorKind
{
    Usage, // malformed URL, option or argument: the caller's mistake
    ConnectionRefused, // nothing listens there, or the host does not resolve
    Timeout, // connect or command took longer than allowed
    Disconnected, // the server closed the connection or the transport broke
    AuthFailed, // WRONGPASS, NOAUTH, or AUTH rejected
    NoPermission, // NOPERM: the ACL user may not run this command or touch this key
    TlsHandshake, // TLS could not be set up (protocol, certificate files)
    TlsVerification, // the server's certificate or host name did not verify
    ReadOnlyRefused, // our own read-only flag refused a write before it was sent
    ReadOnlyReplica, // READONLY: the server is a replica
    Loading, // LOADING: the server is loading its dataset
    CrossSlot, // CROSSSLOT: keys of one command live in different cluster slots
    Redirect, // MOVED/ASK that could not be followed
    ReplyTooLarge, // a reply exceeded the configured size limits
    Protocol, // the server sent something that is not RESP
    ServerError, // any other -ERR reply
    NotFound, // a sentinel master name, a node, or a binary that does not exist
    Internal, // a bug or an exhausted resource on our side
    ForeignData, // a database that is not ours (another program's tables) or not understood
};

struct RedisError
{
    ErrorKind kind = ErrorKind::Internal;
    std::string message;

    // Classifies a server error reply ("-WRONGPASS ...") into a kind.
    static RedisError fromServerReply(std::string_view reply);
    std::string toString() const;
};

std::string_view errorKindName(ErrorKind kind);

} // namespace lockscope
