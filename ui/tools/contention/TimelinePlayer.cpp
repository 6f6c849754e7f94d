#include "tools/contention/TimelinePlayer.h"

#include <QTimer>

#include <algorithm>

namespace lockscope::ui {

TimelinePlayer::TimelinePlayer(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &TimelinePlayer::advance);
}

void TimelinePlayer::clear()
{
    m_timer->stop();
    m_steps.clear();
    m_shown = 0;
    m_complete = false;
    Q_EMIT changed();
}

void TimelinePlayer::append(const DemoTimeline::Step& step)
{
    m_steps.push_back(step);
    if (m_playing && !m_timer->isActive())
        scheduleNext();
    Q_EMIT changed();
}

void TimelinePlayer::setComplete(bool complete)
{
    m_complete = complete;
    if (m_complete && m_playing && m_shown >= static_cast<int>(m_steps.size())) {
        m_playing = false;
        m_timer->stop();
    }
    Q_EMIT changed();
}

void TimelinePlayer::setSpeed(double speed)
{
    m_speed = std::clamp(speed, 0.1, 20.0);
    if (m_timer->isActive())
        scheduleNext();
}

void TimelinePlayer::play()
{
    if (m_complete && m_shown >= static_cast<int>(m_steps.size()))
        m_shown = 0; // at the end: play again from the start
    m_playing = true;
    scheduleNext();
    Q_EMIT changed();
}

void TimelinePlayer::pause()
{
    m_playing = false;
    m_timer->stop();
    Q_EMIT changed();
}

void TimelinePlayer::stepForward()
{
    pause();
    if (m_shown < static_cast<int>(m_steps.size()))
        ++m_shown;
    Q_EMIT changed();
}

void TimelinePlayer::stepBack()
{
    pause();
    if (m_shown > 1)
        --m_shown;
    Q_EMIT changed();
}

void TimelinePlayer::restart()
{
    m_shown = 0;
    play();
}

void TimelinePlayer::scheduleNext()
{
    if (m_shown >= static_cast<int>(m_steps.size())) {
        m_timer->stop();
        return;
    }
    // Reading time for every step, plus the story's own pause before it (capped: a 10 s lease
    // wait need not take 10 s to watch).
    double gap = 0;
    if (m_shown > 0) {
        gap = m_steps[static_cast<size_t>(m_shown)].seconds
            - m_steps[static_cast<size_t>(m_shown - 1)].seconds;
    }
    const double millis = (m_shown == 0 ? 300.0 : 900.0 + 1000.0 * std::clamp(gap, 0.0, 2.5)) / m_speed;
    m_timer->start(static_cast<int>(millis));
}

void TimelinePlayer::advance()
{
    if (m_shown < static_cast<int>(m_steps.size()))
        ++m_shown;
    if (m_complete && m_shown >= static_cast<int>(m_steps.size()))
        m_playing = false;
    else
        scheduleNext();
    Q_EMIT changed();
}

} // namespace lockscope::ui
