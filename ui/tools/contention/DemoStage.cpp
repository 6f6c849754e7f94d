#include "tools/contention/DemoStage.h"

#include "base/CoreTexts.h"
#include "tools/contention/DemoStepText.h"

#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace lockscope::ui {

namespace {

const QColor holdingColor(46, 125, 50);
const QColor waitingColor(239, 143, 0);
const QColor refusedColor(198, 40, 40);
const QColor crashedColor(150, 150, 150);
const QColor idleColor(66, 110, 170);
const QColor commandColor(90, 130, 200);
// An arrow's end at the protected resource rather than the lock or a client.
const QString resourceKey = QStringLiteral("#resource");

QString stateText(DemoStage::ClientState state)
{
    switch (state) {
    case DemoStage::ClientState::Idle:
        return DemoStage::tr("idle");
    case DemoStage::ClientState::Waiting:
        return DemoStage::tr("waits");
    case DemoStage::ClientState::Holding:
        return DemoStage::tr("holds the lock");
    case DemoStage::ClientState::Refused:
        return DemoStage::tr("refused");
    case DemoStage::ClientState::Crashed:
        return DemoStage::tr("crashed");
    case DemoStage::ClientState::Paused:
        return DemoStage::tr("paused (GC)");
    }
    return {};
}

QColor stateColor(DemoStage::ClientState state)
{
    switch (state) {
    case DemoStage::ClientState::Holding:
        return holdingColor;
    case DemoStage::ClientState::Waiting:
        return waitingColor;
    case DemoStage::ClientState::Refused:
        return refusedColor;
    case DemoStage::ClientState::Crashed:
    case DemoStage::ClientState::Paused:
        return crashedColor;
    case DemoStage::ClientState::Idle:
        break;
    }
    return idleColor;
}

} // namespace

DemoStage::DemoStage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("demoStage"));
    setMinimumSize(480, 320);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

QStringList DemoStage::holders() const
{
    QStringList result;
    for (const QString& client : m_clients) {
        if (m_states.value(client) == ClientState::Holding)
            result << client;
    }
    return result;
}

void DemoStage::showSteps(const std::vector<DemoTimeline::Step>& steps, int shown)
{
    m_clients.clear();
    m_states.clear();
    m_crashedHolding.clear();
    m_nodesDown.clear();
    m_nodes.clear();
    m_lastReleasedBy.clear();
    m_wokenFromPause.clear();
    m_hasResource = false;
    m_resourceValue.clear();
    m_current.clear();
    m_caption.clear();
    m_arrows.clear();
    const int count = std::min<int>(shown, static_cast<int>(steps.size()));
    for (int i = 0; i < count; ++i)
        apply(steps[static_cast<size_t>(i)], i == count - 1);
    update();
}

void DemoStage::apply(const DemoTimeline::Step& step, bool current)
{
    const QString actor = QString::fromStdString(step.actor);
    if (current)
        m_caption = DemoStepText::of(step).simplified(); // one line

    switch (step.action) {
    case DemoAction::NodeUp:
    case DemoAction::NodeDown:
        if (!m_nodes.contains(actor))
            m_nodes << actor;
        m_nodesDown[actor] = step.action == DemoAction::NodeDown;
        return;
    case DemoAction::ResourceState:
        m_hasResource = true;
        m_resourceValue = CoreTexts::translated(step.text);
        return;
    case DemoAction::RoundBegins:
    case DemoAction::RoundEnds:
        // A new round, or the counts that close one: everyone starts again from nothing.
        resetRound();
        return;
    case DemoAction::Narrate:
    case DemoAction::Expire:
        // Told in the caption; the picture already shows a lock whose holder is gone.
        return;
    default:
        break; // a client's step: drawn below
    }

    if (!m_clients.contains(actor))
        m_clients << actor;
    if (current)
        m_current = actor;
    const ClientState before = m_states.value(actor, ClientState::Idle);
    auto arrow = [&](Arrow a) {
        if (current)
            m_arrows.push_back(std::move(a));
    };
    if (step.action != DemoAction::WriteAccepted && step.action != DemoAction::WriteRejected)
        m_wokenFromPause.remove(actor);

    switch (step.action) {
    case DemoAction::Acquire: {
        QString crashed;
        for (auto it = m_crashedHolding.begin(); it != m_crashedHolding.end(); ++it) {
            if (it.value() && it.key() != actor)
                crashed = it.key();
            it.value() = false;
        }
        if (!m_lastReleasedBy.isEmpty() && m_lastReleasedBy != actor)
            arrow({m_lastReleasedBy, actor, holdingColor, tr("handoff"), false});
        else if (!crashed.isEmpty())
            arrow({crashed, actor, holdingColor, tr("takes over"), false});
        else
            arrow({QString(), actor, holdingColor, tr("acquires"), false});
        m_lastReleasedBy.clear();
        m_states[actor] = ClientState::Holding;
        break;
    }
    case DemoAction::Wait:
        m_states[actor] = ClientState::Waiting;
        arrow({actor, QString(), waitingColor, tr("waits"), true});
        break;
    case DemoAction::Refuse:
        m_states[actor] = ClientState::Refused;
        arrow({actor, QString(), refusedColor, tr("refused"), false});
        break;
    case DemoAction::Release:
        if (before == ClientState::Holding) {
            m_states[actor] = ClientState::Idle;
            m_lastReleasedBy = actor;
            arrow({actor, QString(), crashedColor, tr("releases"), false});
        } else {
            // A DEL of a key this client did not hold (a naive lock's recovery): whoever held
            // it may still believe it does.
            for (auto it = m_crashedHolding.begin(); it != m_crashedHolding.end(); ++it)
                it.value() = false;
            arrow({actor, QString(), refusedColor, tr("deletes the key"), false});
        }
        break;
    case DemoAction::Crash:
        m_crashedHolding[actor] = before == ClientState::Holding || !step.lock.empty();
        m_states[actor] = ClientState::Crashed;
        break;
    case DemoAction::Pause:
        // Frozen, but the lock is still its own until the lease runs out.
        m_crashedHolding[actor] = before == ClientState::Holding;
        m_states[actor] = ClientState::Paused;
        break;
    case DemoAction::Wake:
        m_crashedHolding[actor] = false;
        // It still believes it holds the lock: exactly the danger the story shows.
        m_states[actor] = ClientState::Holding;
        m_wokenFromPause.insert(actor);
        arrow({QString(), actor, refusedColor, tr("believes it holds"), true});
        break;
    case DemoAction::ReleaseAndAskAgain:
        m_lastReleasedBy = actor;
        m_states[actor] = ClientState::Waiting;
        arrow({actor, QString(), crashedColor, tr("releases, asks again"), false});
        break;
    case DemoAction::Lost:
        m_states[actor] = ClientState::Idle;
        arrow({actor, QString(), crashedColor, tr("lost: the lease had expired"), true});
        break;
    case DemoAction::WriteAccepted:
        m_hasResource = true;
        // A client back from a pause writes on a hold that is no longer its own.
        if (m_wokenFromPause.contains(actor))
            arrow({actor, resourceKey, refusedColor, tr("stale write accepted!"), false});
        else
            arrow({actor, resourceKey, holdingColor, tr("writes"), false});
        break;
    case DemoAction::WriteRejected:
        m_hasResource = true;
        arrow({actor, resourceKey, waitingColor, tr("stale write rejected"), false});
        break;
    case DemoAction::Command:
        arrow({actor, QString(), commandColor, QString::fromStdString(step.command), false});
        if (before == ClientState::Refused)
            m_states[actor] = ClientState::Idle;
        break;
    case DemoAction::Note:
        if (before == ClientState::Refused)
            m_states[actor] = ClientState::Idle;
        break;
    default:
        break; // the steps that draw no figure returned above
    }
}

QRectF DemoStage::lockRect() const
{
    const QSizeF size(200, 96);
    return QRectF(QPointF(width() / 2.0 - size.width() / 2, height() * 0.26), size);
}

QRectF DemoStage::resourceRect() const
{
    const QRectF lock = lockRect();
    return QRectF(lock.right() + 50, lock.top() + 8, 190, 80);
}

void DemoStage::resetRound()
{
    m_wokenFromPause.clear();
    for (auto it = m_states.begin(); it != m_states.end(); ++it)
        it.value() = ClientState::Idle;
    m_crashedHolding.clear();
    m_lastReleasedBy.clear();
}

QPointF DemoStage::clientPosition(int index) const
{
    const int count = std::max<int>(1, static_cast<int>(m_clients.size()));
    const double slot = width() / static_cast<double>(count);
    return QPointF(slot * (index + 0.5), height() * 0.70);
}

void DemoStage::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();

    // Redis nodes (the redlock story): small servers along the top.
    if (!m_nodes.isEmpty()) {
        const double nodeWidth = 64;
        const double gap = 14;
        const double total = m_nodes.size() * nodeWidth + (m_nodes.size() - 1) * gap;
        double x = width() / 2.0 - total / 2;
        for (const QString& node : m_nodes) {
            const QRectF box(x, 12, nodeWidth, 34);
            const bool down = m_nodesDown.value(node);
            painter.setPen(QPen(down ? refusedColor : idleColor, 1.5));
            painter.setBrush(down ? QColor(250, 225, 225) : QColor(225, 235, 250));
            painter.drawRoundedRect(box, 5, 5);
            painter.setPen(Qt::black); // on the box's own light fill, whatever the palette
            painter.drawText(box, Qt::AlignCenter, down ? tr("%1 down").arg(node) : node);
            x += nodeWidth + gap;
        }
    }

    // The lock, coloured by how many believe they hold it.
    const QStringList holding = holders();
    QStringList crashedHolders; // or frozen in a pause
    for (auto it = m_crashedHolding.cbegin(); it != m_crashedHolding.cend(); ++it) {
        if (it.value())
            crashedHolders << (m_states.value(it.key()) == ClientState::Paused ? tr("%1, paused")
                                                                               : tr("%1, crashed"))
                                  .arg(it.key());
    }
    const QRectF lock = lockRect();
    QColor lockColor = idleColor;
    QString lockText = tr("free");
    if (holding.size() > 1) {
        lockColor = refusedColor;
        lockText = tr("held by %1 at once!").arg(holding.join(tr(" and ")));
    } else if (holding.size() == 1) {
        lockColor = holdingColor;
        lockText = tr("held by %1").arg(holding.first());
    } else if (!crashedHolders.isEmpty()) {
        lockColor = crashedColor;
        lockText = tr("held by %1").arg(crashedHolders.join(QStringLiteral("; ")));
    }
    // Persistent relations first, under the current step's arrow.
    for (int i = 0; i < m_clients.size(); ++i) {
        const QString& client = m_clients[i];
        const QPointF at = clientPosition(i) - QPointF(0, 46);
        const QPointF lockPoint(lock.center().x(), lock.bottom());
        const ClientState state = m_states.value(client);
        // The current step's arrow says it better than a second line beside it.
        const bool drawnByArrow = std::any_of(m_arrows.begin(), m_arrows.end(),
            [&](const Arrow& arrow) { return arrow.from == client || arrow.to == client; });
        if (drawnByArrow)
            continue;
        QPen pen;
        if (state == ClientState::Holding)
            pen = QPen(holdingColor, 2.5);
        else if (state == ClientState::Waiting)
            pen = QPen(waitingColor, 1.5, Qt::DashLine);
        else if (m_crashedHolding.value(client))
            pen = QPen(crashedColor, 1.5, Qt::DashLine);
        else
            continue;
        painter.setPen(pen);
        painter.drawLine(lockPoint, at);
    }

    QPainterPath shackle;
    const QRectF shackleRect(lock.center().x() - 34, lock.top() - 40, 68, 80);
    shackle.arcMoveTo(shackleRect, 180);
    shackle.arcTo(shackleRect, 180, -180);
    painter.setPen(QPen(lockColor.darker(120), 9, Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(shackle);
    painter.setPen(QPen(lockColor.darker(130), 2));
    painter.setBrush(lockColor);
    painter.drawRoundedRect(lock, 10, 10);
    QFont lockFont = font();
    lockFont.setBold(true);
    painter.setFont(lockFont);
    painter.setPen(Qt::white);
    painter.drawText(lock.adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap,
        tr("LOCK") + QLatin1Char('\n') + lockText);
    painter.setFont(font());

    if (m_hasResource) {
        const QRectF resource = resourceRect();
        painter.setPen(QPen(pal.color(QPalette::Mid), 1.5));
        painter.setBrush(pal.color(QPalette::AlternateBase));
        painter.drawRoundedRect(resource, 6, 6);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(resource.adjusted(8, 6, -8, -6), Qt::AlignCenter | Qt::TextWordWrap,
            tr("PROTECTED RESOURCE") + QLatin1Char('\n')
                + (m_resourceValue.isEmpty() ? tr("(not read yet)") : m_resourceValue));
    }

    for (int i = 0; i < m_clients.size(); ++i)
        paintClient(painter, m_clients[i], clientPosition(i));

    for (const Arrow& arrow : m_arrows) {
        auto pointOf = [&](const QString& who, const QPointF& towards) {
            if (who == resourceKey)
                return QPointF(resourceRect().center().x(), resourceRect().bottom() + 4);
            if (who.isEmpty()) {
                return QPointF(
                    std::clamp(towards.x(), lock.left() + 20, lock.right() - 20), lock.bottom() + 4);
            }
            return clientPosition(static_cast<int>(m_clients.indexOf(who))) - QPointF(0, 50);
        };
        const QPointF roughFrom = arrow.from.isEmpty()
            ? lock.center()
            : clientPosition(static_cast<int>(m_clients.indexOf(arrow.from)));
        const QPointF roughTo = arrow.to.isEmpty() ? lock.center()
            : arrow.to == resourceKey              ? resourceRect().center()
                                      : clientPosition(static_cast<int>(m_clients.indexOf(arrow.to)));
        QPointF from = pointOf(arrow.from, roughTo);
        QPointF to = pointOf(arrow.to, roughFrom);
        if (!arrow.from.isEmpty() && !arrow.to.isEmpty() && arrow.to != resourceKey) {
            // Client to client (a handoff): along the bottom, between the figures.
            from = clientPosition(static_cast<int>(m_clients.indexOf(arrow.from))) + QPointF(0, 58);
            to = clientPosition(static_cast<int>(m_clients.indexOf(arrow.to))) + QPointF(0, 58);
        }
        paintArrow(painter, from, to, arrow);
    }

    if (m_clients.isEmpty() && m_caption.isEmpty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRectF(0, height() * 0.6, width(), 40), Qt::AlignCenter,
            tr("Run the scenario: its clients appear here, step by step."));
    }

    // The current step in words, at the bottom.
    if (!m_caption.isEmpty()) {
        const QRectF box(12, height() - 44, width() - 24, 34);
        painter.setPen(QPen(pal.color(QPalette::Mid), 1));
        painter.setBrush(pal.color(QPalette::AlternateBase));
        painter.drawRoundedRect(box, 6, 6);
        painter.setPen(pal.color(QPalette::Text));
        const QString elided
            = fontMetrics().elidedText(m_caption, Qt::ElideRight, static_cast<int>(box.width() - 16));
        painter.drawText(box.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, elided);
    }
}

void DemoStage::paintClient(QPainter& painter, const QString& client, QPointF at) const
{
    const ClientState state = m_states.value(client);
    const QColor color = stateColor(state);
    const bool current = client == m_current;
    if (current) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(255, 214, 0, 90));
        painter.drawEllipse(at - QPointF(0, 20), 46, 46);
    }
    painter.setPen(QPen(color.darker(130), 1.5));
    painter.setBrush(color);
    painter.drawEllipse(at - QPointF(0, 36), 13, 13);
    painter.drawRoundedRect(QRectF(at.x() - 19, at.y() - 20, 38, 36), 12, 12);
    if (state == ClientState::Crashed) {
        // Crossed out: this client will never act again.
        painter.setPen(QPen(refusedColor, 3));
        painter.drawLine(at + QPointF(-20, -50), at + QPointF(20, 16));
        painter.drawLine(at + QPointF(20, -50), at + QPointF(-20, 16));
    } else if (state == ClientState::Paused) {
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(at + QPointF(18, -46), QStringLiteral("z z z"));
    }
    QFont nameFont = font();
    nameFont.setBold(true);
    painter.setFont(nameFont);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(at.x() - 60, at.y() + 18, 120, 18), Qt::AlignCenter, client);
    painter.setFont(font());
    painter.setPen(color.darker(state == ClientState::Idle ? 100 : 115));
    painter.drawText(QRectF(at.x() - 70, at.y() + 34, 140, 18), Qt::AlignCenter, stateText(state));
}

void DemoStage::paintArrow(QPainter& painter, QPointF from, QPointF to, const Arrow& arrow) const
{
    QPen pen(arrow.color, 3, arrow.dashed ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawLine(from, to);
    const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
    const double head = 14;
    QPolygonF tip;
    tip << to << to - QPointF(head * std::cos(angle - 0.45), head * std::sin(angle - 0.45))
        << to - QPointF(head * std::cos(angle + 0.45), head * std::sin(angle + 0.45));
    painter.setPen(Qt::NoPen);
    painter.setBrush(arrow.color);
    painter.drawPolygon(tip);
    if (arrow.label.isEmpty())
        return;
    const QPointF middle = (from + to) / 2;
    const QFontMetrics metrics(font());
    const QRectF box(middle.x() - metrics.horizontalAdvance(arrow.label) / 2.0 - 6,
        middle.y() - metrics.height() / 2.0 - 2, metrics.horizontalAdvance(arrow.label) + 12,
        metrics.height() + 4);
    painter.setBrush(palette().color(QPalette::Base));
    painter.setPen(QPen(arrow.color, 1));
    painter.drawRoundedRect(box, 4, 4);
    painter.setPen(arrow.color.darker(120));
    painter.drawText(box, Qt::AlignCenter, arrow.label);
}

} // namespace lockscope::ui
