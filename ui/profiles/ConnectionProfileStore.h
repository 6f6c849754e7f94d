#pragma once

#include "profiles/ConnectionProfile.h"

#include <QList>
#include <QString>

#include <optional>

namespace lockscope::ui {

// The saved connection profiles, in QSettings: an array "connections/profiles" of groups, one
// per profile, each with its stable id, in the order the user sees them; and the id of the
// profile used last ("connections/lastUsed", which may be the sandbox's). Passwords are never
// written here (see PasswordVault): a URL is saved without its password.
class ConnectionProfileStore
{
public:
    QList<ConnectionProfile> profiles() const;
    std::optional<ConnectionProfile> profile(const QString& id) const;
    // Replaces the profile with the same id, or appends it (giving it an id when it has none).
    // Returns the profile as saved.
    ConnectionProfile save(ConnectionProfile profile);
    void remove(const QString& id);

    // Empty when nothing was connected through a profile yet.
    QString lastUsedId() const;
    void setLastUsedId(const QString& id);
    // The last used profile when it is a saved one (not the sandbox, and not since removed).
    std::optional<ConnectionProfile> lastUsedProfile() const;

private:
    void write(const QList<ConnectionProfile>& profiles) const;
};

} // namespace lockscope::ui
