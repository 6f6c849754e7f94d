#pragma once

#include "fleet/FleetMember.h"
#include "fleet/TextResult.h"

#include <map>
#include <string>

namespace lockscope {

// The connection profiles the GUI saved, read (never written) by the CLI so that
// `--profile NAME` and a fleet file's `profile NAME` mean the same server as in the window.
// The GUI keeps them in its settings file (QSettings, INI):
// $XDG_CONFIG_HOME/LockScope/LockScope.conf, else $HOME/.config/LockScope/LockScope.conf,
// group [connections], keys profiles\<n>\<field>. Passwords are not there (the keyring has
// them): a profile that needs one takes the command line's (--password-env).
class SavedProfiles
{
public:
    static std::string defaultPath(const std::map<std::string, std::string>& environment);
    // Reads the file at `path`; a missing file is an empty store.
    static SavedProfiles read(const std::string& path);

    // The member the profile named `name` makes, its settings over `base`; an error naming the
    // profiles there are when there is none of that name.
    TextResult<FleetMember> member(const std::string& name, const ConnectionOptions& base) const;

private:
    std::string m_path;
    // profile number -> field -> value (unescaped)
    std::map<int, std::map<std::string, std::string>> m_profiles;
};

} // namespace lockscope
