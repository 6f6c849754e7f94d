#include "stress/StressResultJson.h"

#include "common/JsonWriter.h"

namespace lockscope {

namespace {

// `key`: [values...]
template <typename Values>
void valuesArray(JsonWriter& json, const char* key, const Values& values)
{
    json.key(key).beginArray();
    for (const auto& value : values)
        json.value(value);
    json.endArray();
}

std::string_view nameOf(std::string_view name)
{
    return name;
}

std::string_view nameOf(const StressError& error)
{
    return error.name();
}

// `key`: {name: count, ...}
template <typename Counts>
void countsObject(JsonWriter& json, const char* key, const Counts& counts)
{
    json.key(key).beginObject();
    for (const auto& [name, count] : counts)
        json.key(nameOf(name)).value(count);
    json.endObject();
}

// `prefix`_p50_us, _p90_us, _p99_us, _max_us: a latency's percentiles.
void latencyFields(JsonWriter& json, const std::string& prefix, const LatencySummary& latency)
{
    json.key(prefix + "_p50_us").value(latency.p50Us);
    json.key(prefix + "_p90_us").value(latency.p90Us);
    json.key(prefix + "_p99_us").value(latency.p99Us);
    json.key(prefix + "_max_us").value(latency.maxUs);
}

} // namespace

std::string StressResultJson::toJson(const StressResult& result)
{
    JsonWriter json;
    json.beginObject();
    json.key("kind").value(lockAlgorithmName(result.kind));
    json.key("fenced").value(result.fenced);
    json.key("clients").value(result.clients);
    json.key("locks").value(result.locks);
    json.key("hold_ms").value(static_cast<long long>(result.hold.count()));
    json.key("think_ms").value(static_cast<long long>(result.think.count()));
    json.key("lease_ms").value(static_cast<long long>(result.lease.count()));
    json.key("elapsed_s").value(result.elapsedSeconds);
    json.key("stopped_early").value(result.stoppedEarly);
    json.key("acquisitions").value(result.acquisitions);
    json.key("ops_per_s").value(result.opsPerSecond);
    latencyFields(json, "acquire", result.acquireWait);
    json.key("handoffs").value(static_cast<long long>(result.handoff.count));
    latencyFields(json, "handoff", result.handoff);
    valuesArray(json, "per_client_acquisitions", result.perClientAcquisitions);
    json.key("fairness_jain").value(result.fairnessJain);
    json.key("violations").value(result.violations);
    json.key("exclusion_checked").value(result.exclusionChecked);
    json.key("overlaps").value(result.overlaps);
    json.key("fence_regressions").value(result.fenceRegressions);
    json.key("sections_checked").value(result.sectionsChecked);
    json.key("sections_unchecked").value(result.sectionsUnchecked);
    json.key("errors").value(result.errorCount());
    countsObject(json, "errors_by_type", result.errors);
    json.key("cpu_us_per_acquisition").value(result.cpuMicrosPerAcquisition);
    json.key("wait_replicas").value(static_cast<long long>(result.waitReplicas));
    json.key("unconfirmed_acquires").value(result.unconfirmedAcquires);
    if (result.faults.active()) {
        const FaultReport& faults = result.faults;
        json.key("faults").beginObject();
        valuesArray(json, "drills", faults.drills);
        json.key("injected").value(faults.injectedCount());
        countsObject(json, "injected_by_kind", faults.injected);
        json.key("writes_fenced").value(faults.writesFenced);
        json.key("writes_accepted").value(faults.writesAccepted);
        json.key("writes_rejected").value(faults.writesRejected);
        json.key("writes_out_of_order").value(faults.writesOutOfOrder);
        json.key("locks_lost").value(faults.locksLost);
        countsObject(json, "lost_by", faults.lostBy);
        json.key("overlaps_after_loss").value(faults.overlapsAfterLoss);
        json.endObject();
    }
    json.endObject();
    return json.text();
}

} // namespace lockscope
