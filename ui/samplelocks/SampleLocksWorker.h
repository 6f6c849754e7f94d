#pragma once

#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace lockscope {
class SampleLockSeeder;
}

namespace lockscope::ui {

// Owns the SampleLockSeeder on the seeding thread; destroying it (on that thread) releases what the
// seeder holds.
class SampleLocksWorker : public QObject
{
    Q_OBJECT

public:
    explicit SampleLocksWorker(ConnectionOptions options);
    ~SampleLocksWorker() override;

public Q_SLOTS:
    void seed();

Q_SIGNALS:
    void seeded(const QStringList& locks);
    void failed(const QString& error);

private:
    std::unique_ptr<SampleLockSeeder> m_seeder;
};

} // namespace lockscope::ui
