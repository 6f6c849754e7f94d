#pragma once

#include "demo/DemoTimeline.h"

#include <QMap>
#include <QSet>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace lockscope::ui {

// The animated picture of a contention demo: the clients as figures along the bottom, the lock
// as a resource in the middle (red when more than one client believes it holds it), Redis nodes
// when the story has them, and the current step as an arrow: a wait, a refusal, a handoff, a
// release. A crashed client is greyed out. The picture is drawn from what each step did (its
// action, never its words) and rebuilt from the steps shown so far, so stepping back and forth
// always draws the same thing.
class DemoStage : public QWidget
{
    Q_OBJECT

public:
    enum class ClientState
    {
        Idle,
        Waiting,
        Holding,
        Refused,
        Crashed,
        Paused,
    };

    explicit DemoStage(QWidget* parent = nullptr);

    // The first `shown` of `steps` have happened; the last of them is the current one.
    void showSteps(const std::vector<DemoTimeline::Step>& steps, int shown);

    QStringList clients() const { return m_clients; }
    ClientState stateOf(const QString& client) const { return m_states.value(client, ClientState::Idle); }
    QStringList holders() const;

    QSize sizeHint() const override { return {640, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Arrow
    {
        QString from; // a client, or empty for the lock
        QString to; // a client, or empty for the lock
        QColor color;
        QString label;
        bool dashed = false;
    };

    void apply(const DemoTimeline::Step& step, bool current);
    void paintClient(QPainter& painter, const QString& client, QPointF at) const;
    void paintArrow(QPainter& painter, QPointF from, QPointF to, const Arrow& arrow) const;
    QPointF clientPosition(int index) const;
    QRectF lockRect() const;
    QRectF resourceRect() const;
    void resetRound();

    QStringList m_clients;
    QMap<QString, ClientState> m_states;
    QMap<QString, bool> m_crashedHolding; // crashed while holding: the lock is still theirs
    QMap<QString, bool> m_nodesDown;
    QStringList m_nodes;
    QString m_lastReleasedBy;
    QSet<QString> m_wokenFromPause; // back from a pause, on a hold that may be someone else's now
    bool m_hasResource = false; // the fencing story's protected resource
    QString m_resourceValue;
    QString m_current;
    QString m_caption;
    std::vector<Arrow> m_arrows;
};

} // namespace lockscope::ui
