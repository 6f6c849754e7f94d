#include "SoakClient.h"

#include "SoakResource.h"

#include "faults/ChaosProxy.h"
#include "locks/LockFactory.h"

#include <atomic>
#include <csignal>
#include <memory>
#include <random>
#include <thread>
#include <unistd.h>
#include <vector>

namespace lockscope::soak {

namespace {

using namespace std::chrono_literals;

std::atomic<bool> stopping {false};

void onTerm(int)
{
    stopping.store(true);
}

ConnectionOptions server(int port)
{
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    options.connectTimeout = 1000ms;
    options.commandTimeout = 2000ms;
    options.clientRole = "soak";
    return options;
}

} // namespace

int SoakClient::run(const Settings& settings)
{
    std::signal(SIGTERM, onTerm);
    auto proxy = ChaosProxy::start("127.0.0.1", settings.lockPort);
    if (!proxy)
        return 2;
    auto resource = RedisConnection::connect(server(settings.resourcePort));
    if (!resource)
        return 2;
    std::vector<std::unique_ptr<DistributedLock>> locks;
    for (int l = 0; l < settings.locks; ++l) {
        LockSpec spec;
        spec.kind = lockAlgorithmNames.parse(settings.kind).value_or(LockAlgorithm::Token);
        spec.name = "soak:" + std::to_string(l);
        spec.connection = server((*proxy)->port());
        auto lock = LockFactory::create(spec);
        if (!lock)
            return 2;
        locks.push_back(std::move(lock.value()));
    }
    const std::string writer = "P" + std::to_string(settings.index);
    std::mt19937_64 random(
        static_cast<unsigned long long>(settings.index) * 7919 + static_cast<unsigned long long>(getpid()));
    const auto lease = std::chrono::milliseconds(settings.leaseMs);
    while (!stopping.load()) {
        const int l = static_cast<int>(random() % static_cast<unsigned long long>(settings.locks));
        DistributedLock& lock = *locks[static_cast<size_t>(l)];
        AcquireOptions options;
        options.lease = lease;
        options.wait = 5000ms;
        auto acquired = lock.acquire(options);
        if (!acquired || !acquired->acquired()) {
            std::this_thread::sleep_for(10ms); // the lock server restarting, or a long queue
            continue;
        }
        const auto dice = random() % static_cast<unsigned long long>(settings.faultOneIn);
        if (dice == 0) {
            (void)SoakResource::countFault(**resource, "pauses");
            std::this_thread::sleep_for(lease + lease / 2); // a GC pause past the lease
        } else if (dice == 1) {
            (void)SoakResource::countFault(**resource, "partitions");
            (*proxy)->setMode(ChaosProxy::Mode::Stall);
            std::this_thread::sleep_for(lease + lease / 2);
            (*proxy)->setMode(ChaosProxy::Mode::Pass);
        }
        // The section's one write, with its fence; then the release (which may find the hold
        // gone after a fault or a restart: the next section does not care).
        if (!SoakResource::write(**resource, l, acquired->fence.value_or(0), writer))
            std::this_thread::sleep_for(10ms);
        (void)lock.release();
    }
    return 0;
}

} // namespace lockscope::soak
