#include "ui/support/GuiTestEnvironment.h"

#include "app/ApplicationIdentity.h"

#include <QtGlobal>

namespace lockscope::test {

GuiTestEnvironment::GuiTestEnvironment()
{
    // This runs while the test object is built, before Qt Test can record a failure; and a suite
    // without a settings directory of its own must not go on to write settings anywhere else.
    if (!m_settings.isValid())
        qFatal("GuiTestEnvironment: no temporary directory for the test's settings");
    ui::ApplicationIdentity::apply();
}

} // namespace lockscope::test
