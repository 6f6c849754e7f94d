#pragma once

#include <QFrame>

class QCheckBox;
class QLabel;
class QPushButton;

namespace lockscope::ui {

// A non-modal offer above the lock table when the sandbox is in use: fill it with sample locks
// of every kind? "Don't offer again" is remembered (QSettings) by whoever shows the banner.
// After seeding it says what was made, and can be closed.
class SampleLocksBanner : public QFrame
{
    Q_OBJECT

public:
    explicit SampleLocksBanner(QWidget* parent = nullptr);

    static bool offerWanted();
    static void setOfferWanted(bool wanted);

public Q_SLOTS:
    void showOffer();
    void showSeeding();
    void showSeeded(const QStringList& locks);
    void showFailed(const QString& error);

Q_SIGNALS:
    void accepted();

private:
    QLabel* m_text;
    QPushButton* m_add;
    QPushButton* m_close;
    QCheckBox* m_dontAsk;
};

} // namespace lockscope::ui
