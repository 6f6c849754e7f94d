#pragma once

namespace lockscope {

// What one step of a contention demo did, as data: the GUI animates it and tests read it, so a
// step's narration can be reworded (or translated) without changing the picture.
enum class DemoAction
{
    // Told, not drawn as a figure.
    Narrate, // a remark of the storyteller, a checker's summary, an observer's reading
    RoundBegins, // a story in rounds starts one: every client starts again from nothing
    RoundEnds, // a round's counts: it is over
    Expire, // the lock's lease or timestamp ran out, or its key is gone, with no one releasing it
    ResourceState, // what the protected resource of the fencing story holds now

    // A client's step: the client is drawn as a figure.
    Note, // a remark about the client with no change of state
    Command, // a Redis command whose reply changes no one's hold (GET, GETSET, PTTL)
    Acquire, // the client holds the lock now
    Refuse, // the client asked and was refused, or gave up
    Wait, // the client waits for the lock
    Release, // the client released the lock, or DELeted its key
    ReleaseAndAskAgain, // released and asks again at once (the greedy client of the fairness story)
    Crash, // the client's process died (a step's lock, when given, is one it held)
    Pause, // a stop-the-world pause: frozen, and still believing it holds what it held
    Wake, // back from the pause, still believing it holds the lock
    Lost, // found its hold gone when releasing: the lease had expired
    WriteAccepted, // wrote to the protected resource and the write was applied
    WriteRejected, // wrote to the protected resource and its fence was refused

    // A Redis node of a multi-node story (redlock).
    NodeUp,
    NodeDown,
};

} // namespace lockscope
