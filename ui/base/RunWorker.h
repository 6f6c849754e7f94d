#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace lockscope {
class CancellationToken;
}

namespace lockscope::ui {

// One run of a tool (a stress run, a contention demo) on the thread the worker was moved to
// (BackgroundRunView puts it there). run() does the work and then always signals done(), after
// succeeded (the subclass's own signal, with its result) or failed(), so the view can count on
// one end whatever happened.
class RunWorker : public QObject
{
    Q_OBJECT

public:
    explicit RunWorker(std::shared_ptr<const CancellationToken> cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void failed(const QString& message);
    void done();

protected:
    // Runs to the end, emitting the subclass's signals on the way; returns why it failed, empty
    // when it succeeded.
    virtual QString work() = 0;
    const CancellationToken* cancellation() const { return m_cancel.get(); }

private:
    std::shared_ptr<const CancellationToken> m_cancel;
};

} // namespace lockscope::ui
