#pragma once

#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace lockscope {
class DemoLockSeeder;
}

namespace lockscope::ui {

// Owns the DemoLockSeeder on the demo thread; destroying it (on that thread) releases what the
// seeder holds.
class DemoLocksWorker : public QObject
{
    Q_OBJECT

public:
    explicit DemoLocksWorker(ConnectionOptions options);
    ~DemoLocksWorker() override;

public Q_SLOTS:
    void seed();

Q_SIGNALS:
    void seeded(const QStringList& locks);
    void failed(const QString& error);

private:
    std::unique_ptr<DemoLockSeeder> m_seeder;
};

} // namespace lockscope::ui
