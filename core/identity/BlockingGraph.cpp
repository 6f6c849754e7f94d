#include "identity/BlockingGraph.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace lockscope {

namespace {

struct Edge
{
    int to;
    int lock;
};

struct Graph
{
    std::vector<std::string_view> owners;
    std::vector<const HolderIdentification*> identities; // null for parties seen only waiting
    std::vector<std::vector<Edge>> waitsFor; // waiter -> holder, through a lock
    std::vector<std::vector<int>> waitedBy; // holder -> waiters
    std::unordered_map<std::string_view, int> index;

    int party(std::string_view owner)
    {
        auto [at, added] = index.try_emplace(owner, int(owners.size()));
        if (added) {
            owners.push_back(owner);
            identities.push_back(nullptr);
            waitsFor.emplace_back();
            waitedBy.emplace_back();
        }
        return at->second;
    }
};

// Tarjan's strongly connected components without recursion (a chain of 50,000 waiters would
// overflow the stack). Returns each party's component number.
std::vector<int> components(const Graph& graph, int& count)
{
    const int n = int(graph.owners.size());
    std::vector<int> order(n, -1), low(n, 0), component(n, -1);
    std::vector<int> stack;
    std::vector<bool> onStack(n, false);
    std::vector<std::pair<int, size_t>> calls; // (party, next edge)
    int counter = 0;
    count = 0;
    for (int start = 0; start < n; ++start) {
        if (order[start] >= 0)
            continue;
        calls.push_back({start, 0});
        order[start] = low[start] = counter++;
        stack.push_back(start);
        onStack[start] = true;
        while (!calls.empty()) {
            auto& [v, next] = calls.back();
            if (next < graph.waitsFor[v].size()) {
                const int w = graph.waitsFor[v][next++].to;
                if (order[w] < 0) {
                    order[w] = low[w] = counter++;
                    stack.push_back(w);
                    onStack[w] = true;
                    calls.push_back({w, 0});
                } else if (onStack[w]) {
                    low[v] = std::min(low[v], order[w]);
                }
                continue;
            }
            if (low[v] == order[v]) {
                int w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[w] = false;
                    component[w] = count;
                } while (w != v);
                ++count;
            }
            const int done = v;
            calls.pop_back();
            if (!calls.empty())
                low[calls.back().first] = std::min(low[calls.back().first], low[done]);
        }
    }
    return component;
}

} // namespace

BlockingTree BlockingGraph::of(const std::vector<LockSnapshot>& locks)
{
    Graph graph;
    for (size_t l = 0; l < locks.size(); ++l) {
        const LockSnapshot& lock = locks[l];
        if (lock.waiters.empty())
            continue;
        for (const auto& holder : lock.holders) {
            const int h = graph.party(holder.owner);
            if (!holder.identity.empty())
                graph.identities[h] = &holder.identity.get();
        }
        for (const auto& waiter : lock.waiters) {
            const int w = graph.party(waiter.owner);
            for (const auto& holder : lock.holders) {
                const int h = graph.index.at(holder.owner);
                if (h == w)
                    continue; // a holder queued again on its own lock waits for nobody
                graph.waitsFor[w].push_back({h, int(l)});
                graph.waitedBy[h].push_back(w);
            }
        }
    }
    // Holders that wait too, on locks nobody waits for themselves, are parties already; the
    // holders of locks without waiters are not needed.

    BlockingTree tree;
    int count = 0;
    const std::vector<int> component = components(graph, count);
    std::vector<std::vector<int>> members(count);
    for (int p = 0; p < int(graph.owners.size()); ++p)
        members[component[p]].push_back(p);
    for (const auto& parties : members) {
        if (parties.size() < 2)
            continue;
        Deadlock deadlock;
        std::vector<int> lockIds;
        for (int p : parties) {
            deadlock.owners.emplace_back(graph.owners[p]);
            for (const Edge& edge : graph.waitsFor[p]) {
                if (component[edge.to] == component[p])
                    lockIds.push_back(edge.lock);
            }
        }
        std::sort(lockIds.begin(), lockIds.end());
        lockIds.erase(std::unique(lockIds.begin(), lockIds.end()), lockIds.end());
        for (int l : lockIds)
            deadlock.locks.push_back(locks[size_t(l)].name);
        std::sort(deadlock.owners.begin(), deadlock.owners.end());
        tree.deadlocks.push_back(std::move(deadlock));
    }

    // Roots: waited for, waiting for nobody. What they block: every party that reaches them.
    std::vector<int> seen(graph.owners.size(), -1);
    std::vector<int> queue;
    for (int root = 0; root < int(graph.owners.size()); ++root) {
        if (graph.waitedBy[root].empty() || !graph.waitsFor[root].empty())
            continue;
        BlockingRoot entry;
        entry.owner = std::string(graph.owners[root]);
        if (graph.identities[root])
            entry.identity = *graph.identities[root];
        queue.assign(1, root);
        seen[root] = root;
        for (size_t i = 0; i < queue.size(); ++i) {
            for (int waiter : graph.waitedBy[queue[i]]) {
                if (seen[waiter] != root) {
                    seen[waiter] = root;
                    queue.push_back(waiter);
                }
            }
        }
        entry.blocks = queue.size() - 1;
        tree.roots.push_back(std::move(entry));
    }
    // The locks each root holds that are waited for, and their unnamed waiters.
    std::unordered_map<std::string_view, size_t> rootAt;
    for (size_t r = 0; r < tree.roots.size(); ++r)
        rootAt.emplace(tree.roots[r].owner, r);
    for (const auto& lock : locks) {
        if (lock.waiters.empty())
            continue;
        for (const auto& holder : lock.holders) {
            const auto found = rootAt.find(holder.owner);
            if (found == rootAt.end())
                continue;
            BlockingRoot& root = tree.roots[found->second];
            root.locks.push_back(lock.name);
            root.unnamedWaiters += std::max(0LL, lock.waiterCount - (long long)lock.waiters.size());
        }
    }
    std::stable_sort(tree.roots.begin(), tree.roots.end(),
        [](const BlockingRoot& a, const BlockingRoot& b) { return a.blocks > b.blocks; });
    return tree;
}

} // namespace lockscope
