#include "base/BackgroundRunView.h"

#include "common/CancellationToken.h"

namespace lockscope::ui {

BackgroundRunView::BackgroundRunView(QWidget* parent)
    : QWidget(parent)
{
}

BackgroundRunView::~BackgroundRunView()
{
    if (isRunning())
        m_cancel->cancel(); // m_threads then waits for the worker
}

void BackgroundRunView::setConnection(
    const std::optional<ConnectionOptions>& connection, const QString& where)
{
    m_connection = connection;
    showConnection(connection, where);
    updateControls();
}

std::shared_ptr<CancellationToken> BackgroundRunView::beginRun()
{
    m_cancel = std::make_shared<CancellationToken>();
    m_threads.beginGeneration();
    return m_cancel;
}

void BackgroundRunView::workerDone()
{
    m_threads.retire();
    runEnded();
    updateControls();
    Q_EMIT runFinished();
}

} // namespace lockscope::ui
