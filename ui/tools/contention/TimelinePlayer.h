#pragma once

#include "demo/DemoTimeline.h"

#include <QObject>

#include <vector>

class QTimer;

namespace lockscope::ui {

// Replays a demo's recorded timeline at a pace people can follow: play, pause, step, back,
// speed. Steps may still be arriving while it plays; it waits for them at the end. The pace
// follows the recording (a long wait in the story is a longer pause here), scaled by speed and
// kept within reading time.
class TimelinePlayer : public QObject
{
    Q_OBJECT

public:
    explicit TimelinePlayer(QObject* parent = nullptr);

    void clear();
    void append(const DemoTimeline::Step& step);
    // No more steps will come: playing stops at the last one.
    void setComplete(bool complete);

    const std::vector<DemoTimeline::Step>& steps() const { return m_steps; }
    int shown() const { return m_shown; }
    bool isPlaying() const { return m_playing; }
    double speed() const { return m_speed; }
    void setSpeed(double speed);

public Q_SLOTS:
    void play();
    void pause();
    void stepForward();
    void stepBack();
    void restart();

Q_SIGNALS:
    void changed();

private:
    void scheduleNext();
    void advance();

    std::vector<DemoTimeline::Step> m_steps;
    int m_shown = 0;
    bool m_playing = false;
    bool m_complete = false;
    double m_speed = 1.0;
    QTimer* m_timer;
};

} // namespace lockscope::ui
