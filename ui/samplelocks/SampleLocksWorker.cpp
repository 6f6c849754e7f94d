#include "samplelocks/SampleLocksWorker.h"

#include "sandbox/SampleLockSeeder.h"
#include "common/CoreTexts.h"

namespace lockscope::ui {

DemoLocksWorker::DemoLocksWorker(ConnectionOptions options)
    : m_seeder(std::make_unique<DemoLockSeeder>(std::move(options)))
{
}

DemoLocksWorker::~DemoLocksWorker() = default;

void DemoLocksWorker::seed()
{
    auto made = m_seeder->seed();
    if (!made) {
        Q_EMIT failed(CoreTexts::error(made.error()));
        return;
    }
    QStringList locks;
    for (const auto& lock : *made)
        locks.append(QString::fromStdString(lock));
    Q_EMIT seeded(locks);
}

} // namespace lockscope::ui
