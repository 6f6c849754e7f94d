#include "samplelocks/SampleLocksWorker.h"

#include "base/CoreTexts.h"
#include "sandbox/SampleLockSeeder.h"

namespace lockscope::ui {

SampleLocksWorker::SampleLocksWorker(ConnectionOptions options)
    : m_seeder(std::make_unique<SampleLockSeeder>(std::move(options)))
{
}

SampleLocksWorker::~SampleLocksWorker() = default;

void SampleLocksWorker::seed()
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
