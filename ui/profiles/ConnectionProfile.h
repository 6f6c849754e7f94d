#pragma once

#include "common/Result.h"
#include "connection/MonitorSettings.h"
#include "redis/ConnectionOptions.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lockscope::ui {

// A saved connection: where the server is (a URL as parseRedisUrl reads it: redis://,
// rediss://, unix://, redis+sentinel://; a cluster is found by itself behind any node's URL),
// how to authenticate and verify it, and how LockScope treats it (read-only, production, which
// keys are locks, how often to poll). The password is never part of it: it lives in the
// system keyring or in memory (see PasswordVault), and `url` is kept without one.
struct ConnectionProfile
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfile)

public:
    // The entry of the built-in sandbox server in lists of profiles; never stored.
    static QString sandboxId();
    static QString newId();
    // The URL as it may be written to disk: any password removed. Empty when the URL cannot be
    // cleaned safely.
    static QString urlWithoutPassword(const QString& url);

    QString id;
    QString name;
    QString url;
    QString tlsCaFile; // rediss:// only; empty: the system's trust store
    QString tlsCertFile; // client certificate, with tlsKeyFile
    QString tlsKeyFile;
    QString tlsServerName; // empty: the host connected to
    bool tlsVerify = true;
    QString user; // empty: the URL's, or none
    int database = -1; // -1: the URL's (0 when it names none)
    bool hasPassword = false; // the server wants one: from the keyring, or asked for
    bool readOnly = false;
    bool production = false;
    QStringList lockPatterns; // empty: every key, heuristics only
    int pollIntervalSeconds = 2; // for servers without keyspace notifications
    bool recordHistory = true; // the lock history of this connection (alerts work without it)
    // Where it goes: empty, the profile's own SQLite file; else a file or a team's shared
    // postgresql:// database (its password from libpq's sources: PGPASSWORD, ~/.pgpass).
    QString historyDatabase;
    int alertHeldSeconds = 60; // 0: no held-too-long alert
    int alertWaiters = 10; // 0: no too-many-waiters alert
    bool alertStuck = true;
    bool alertForceRelease = true;

    // The options to connect with, starting from the GUI's defaults. `password` is used when
    // the profile has one. Errors say what is wrong with the profile in words for people.
    Result<ConnectionOptions> toOptions(const QString& password = {}) const;
    MonitorSettings monitorSettings() const;
    // "name (url)" for prompts and titles; the URL when the profile has no name.
    QString displayName() const;

    bool operator==(const ConnectionProfile&) const = default;
};

} // namespace lockscope::ui
