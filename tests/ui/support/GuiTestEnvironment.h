#pragma once

#include "support/IsolatedSettings.h"

namespace lockscope::test {

// What every GUI suite runs in: settings of the process's own (IsolatedSettings: a temporary
// directory, test-mode standard paths, no keyring) under the application's identity (names,
// which also place QSettings, translations, icon) as the real application sets them. A suite
// holds one as a member, so both are in place before its first test function and before a
// server fixture's initTestCase(); nothing needs clearing, as the settings start empty.
class GuiTestEnvironment
{
public:
    // Needs the QApplication (QTEST_MAIN creates it before the test object).
    GuiTestEnvironment();
    const IsolatedSettings& settings() const { return m_settings; }

private:
    IsolatedSettings m_settings;
};

} // namespace lockscope::test
