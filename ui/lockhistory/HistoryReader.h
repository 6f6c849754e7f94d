#pragma once

#include "lockhistory/HistoryReadout.h"

#include <QObject>

namespace lockscope::ui {

// Reads the history window's data on the thread it is moved to (SQLite reads stay off the GUI
// thread). Each read opens the database read-only, so it works beside the recorder writing it.
class HistoryReader : public QObject
{
    Q_OBJECT

public:
    // Reads synchronously on the calling thread; bounded (HistoryQuery limits every answer).
    static HistoryReadout read(const HistoryRequest& request);

public Q_SLOTS:
    void readRequested(const lockscope::ui::HistoryRequest& request);

Q_SIGNALS:
    void readoutReady(const lockscope::ui::HistoryReadout& readout);
};

} // namespace lockscope::ui
