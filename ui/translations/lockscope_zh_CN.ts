<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AuditText</name>
    <message>
        <source>Force-release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>Extend</source>
        <translation>延长</translation>
    </message>
    <message>
        <source>Remove stale waiters</source>
        <translation>移除失效的等待者</translation>
    </message>
    <message>
        <source>Release permit</source>
        <translation>释放许可</translation>
    </message>
    <message>
        <source>%1@%2</source>
        <translation>%1@%2</translation>
    </message>
    <message>
        <source>%1 by %2 at %3</source>
        <translation>%2 于 %3 执行了%1</translation>
    </message>
    <message>
        <source>Lock: %1 on %2</source>
        <translation>锁：%1（%2）</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未填写原因</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>Profile: %1, LockScope %2</source>
        <translation>配置：%1，LockScope %2</translation>
    </message>
</context>
<context>
    <name>CommandSample</name>
    <message>
        <source>holders not identified: the server runs %1 commands a second, more than a command sample should watch (insist to sample anyway)</source>
        <translation>未识别持有者：服务器每秒执行 %1 条命令，超过命令采样应观察的量（可坚持采样）</translation>
    </message>
    <message>
        <source>the command sample stopped at its byte limit; holders it did not see are unknown</source>
        <translation>命令采样已达到字节上限而停止；未观察到的持有者仍未知</translation>
    </message>
    <message>
        <source>holders not identified: the server refused MONITOR (%1)</source>
        <translation>未识别持有者：服务器拒绝了 MONITOR（%1）</translation>
    </message>
    <message>
        <source>the command sample was cut short (%1); what it saw before is kept</source>
        <translation>命令采样被中断（%1）；之前观察到的结果已保留</translation>
    </message>
</context>
<context>
    <name>ConnectionFlags</name>
    <message>
        <source>--password-env names %1, which is not set</source>
        <translation>--password-env 指定的 %1 未设置</translation>
    </message>
    <message>
        <source>TLS options need a rediss:// URL</source>
        <translation>TLS 选项需要 rediss:// URL</translation>
    </message>
    <message>
        <source>--tls-cert and --tls-key go together</source>
        <translation>--tls-cert 和 --tls-key 必须同时使用</translation>
    </message>
    <message>
        <source>--%1 expects milliseconds (1-86400000), got &apos;%2&apos;</source>
        <translation>--%1 需要毫秒数（1-86400000），实际为 &apos;%2&apos;</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>The profile has no server URL.</source>
        <translation>该配置没有服务器 URL。</translation>
    </message>
    <message>
        <source>The URL is not valid: %1</source>
        <translation>URL 无效：%1</translation>
    </message>
    <message>
        <source>TLS settings need a rediss:// URL.</source>
        <translation>TLS 设置需要 rediss:// URL。</translation>
    </message>
    <message>
        <source>A client certificate and its key go together.</source>
        <translation>客户端证书与其私钥必须同时提供。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>CoreTexts</name>
    <message>
        <source>exclusive</source>
        <translation>独占</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>permit</source>
        <translation>许可</translation>
    </message>
    <message>
        <source>fair queue</source>
        <translation>公平队列</translation>
    </message>
    <message>
        <source>LockScope waiter registry</source>
        <translation>LockScope 等待者登记</translation>
    </message>
    <message>
        <source>usage</source>
        <translation>用法错误</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>连接被拒绝</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>认证失败</translation>
    </message>
    <message>
        <source>no permission</source>
        <translation>无权限</translation>
    </message>
    <message>
        <source>TLS handshake failed</source>
        <translation>TLS 握手失败</translation>
    </message>
    <message>
        <source>TLS verification failed</source>
        <translation>TLS 校验失败</translation>
    </message>
    <message>
        <source>refused by read-only mode</source>
        <translation>被只读模式拒绝</translation>
    </message>
    <message>
        <source>read-only replica</source>
        <translation>只读副本</translation>
    </message>
    <message>
        <source>server loading</source>
        <translation>服务器正在加载数据</translation>
    </message>
    <message>
        <source>cross-slot</source>
        <translation>跨槽</translation>
    </message>
    <message>
        <source>cluster redirect</source>
        <translation>集群重定向</translation>
    </message>
    <message>
        <source>reply too large</source>
        <translation>回复过大</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>协议错误</translation>
    </message>
    <message>
        <source>server error</source>
        <translation>服务器错误</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>not a LockScope database</source>
        <translation>不是 LockScope 数据库</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>hold lost</source>
        <translation>持有已丢失</translation>
    </message>
    <message>
        <source>acquire timed out</source>
        <translation>获取超时</translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>library</comment>
        <translation>未知</translation>
    </message>
    <message>
        <source>waiting writer</source>
        <translation>等待中的写者</translation>
    </message>
    <message>
        <source>nothing held to kill</source>
        <translation>没有可终止的持有</translation>
    </message>
    <message>
        <source>server restart failed</source>
        <translation>服务器重启失败</translation>
    </message>
    <message>
        <source>failover failed</source>
        <translation>故障转移失败</translation>
    </message>
</context>
<context>
    <name>DemoScenario</name>
    <message>
        <source>%1 -&gt; error: %2</source>
        <translation>%1 -&gt; 错误：%2</translation>
    </message>
    <message>
        <source>Fair vs unfair: starvation, then FIFO</source>
        <translation>公平与不公平：先是饥饿，然后是先进先出</translation>
    </message>
    <message>
        <source>under the unfair kind G takes at least half of all acquisitions; under `fair` the waiters get the lock in the order they queued and G no more than its share</source>
        <translation>在不公平类型下，G 拿走至少一半的获取次数；在 `fair` 类型下，等待者按排队顺序拿到锁，G 不超过它应得的份额</translation>
    </message>
    <message>
        <source>acquired %1 first</source>
        <translation>率先获取了 %1</translation>
    </message>
    <message>
        <source>starts waiting</source>
        <translation>开始等待</translation>
    </message>
    <message>
        <source>releases and immediately asks again, %1 ms of contention begins (each hold %2 ms)</source>
        <translation>释放后立即再次请求，%1 毫秒的争用开始（每次持有 %2 毫秒）</translation>
    </message>
    <message>
        <source>%1: %2 acquisitions; order: %3 ...</source>
        <translation>%1：获取次数 %2；顺序：%3 ...</translation>
    </message>
    <message>
        <source>Round 2: the `fair` kind (a FIFO queue of waiters).</source>
        <translation>第 2 轮：`fair` 类型（等待者排成先进先出队列）。</translation>
    </message>
    <message>
        <source>unfair: G took %1% of the acquisitions, the least-served client %2% of a fair share %3; fair: %4, G took %5%</source>
        <translation>不公平：G 拿走了 %1% 的获取次数，获得最少的客户端只得到公平份额的 %2%%3；公平：%4，G 拿走了 %5%</translation>
    </message>
    <message>
        <source>(starved)</source>
        <translation>（饥饿）</translation>
    </message>
    <message>
        <source>(no starvation seen)</source>
        <translation>（未见饥饿）</translation>
    </message>
    <message>
        <source>the waiters got it in queue order</source>
        <translation>等待者按排队顺序拿到了锁</translation>
    </message>
    <message>
        <source>NOT in queue order</source>
        <translation>未按排队顺序</translation>
    </message>
    <message>
        <source>A GC pause past the lease, with and without fencing</source>
        <translation>GC 停顿超过租约：有无栅栏令牌的对比</translation>
    </message>
    <message>
        <source>without fencing C1&apos;s late write corrupts the resource; with fencing it is rejected</source>
        <translation>没有栅栏令牌时，C1 迟到的写入破坏了资源；有栅栏令牌时，该写入被拒绝</translation>
    </message>
    <message>
        <source>acquired %1 (lease %2 ms, fence %3), reads the resource, prepares its write</source>
        <translation>获取了 %1（租约 %2 毫秒，栅栏令牌 %3），读取资源，准备写入</translation>
    </message>
    <message>
        <source>stop-the-world GC pause...</source>
        <translation>全停顿（stop-the-world）GC 暂停……</translation>
    </message>
    <message>
        <source>acquired the expired lock (fence %1)</source>
        <translation>获取了已过期的锁（栅栏令牌 %1）</translation>
    </message>
    <message>
        <source>writes &quot;%1&quot; with fence %2 -&gt; accepted</source>
        <translation>以栅栏令牌 %2 写入“%1” -&gt; 已接受</translation>
    </message>
    <message>
        <source>writes &quot;%1&quot; with fence %2 -&gt; rejected</source>
        <translation>以栅栏令牌 %2 写入“%1” -&gt; 被拒绝</translation>
    </message>
    <message>
        <source>released the lock</source>
        <translation>释放了锁</translation>
    </message>
    <message>
        <source>wakes up from the pause, still believing it holds the lock</source>
        <translation>从停顿中醒来，仍以为自己持有锁</translation>
    </message>
    <message>
        <source>writes &quot;%1&quot; with fence %2 -&gt; ACCEPTED</source>
        <translation>以栅栏令牌 %2 写入“%1” -&gt; 被接受！</translation>
    </message>
    <message>
        <source>writes &quot;%1&quot; with fence %2 -&gt; rejected (fence below the highest seen)</source>
        <translation>以栅栏令牌 %2 写入“%1” -&gt; 被拒绝（栅栏令牌低于已见过的最大值）</translation>
    </message>
    <message>
        <source>release -&gt; lost: the lease had expired</source>
        <translation>释放 -&gt; 已失去：租约已过期</translation>
    </message>
    <message>
        <source>release -&gt; done</source>
        <translation>释放 -&gt; 完成</translation>
    </message>
    <message>
        <source>holds &quot;%1&quot;</source>
        <translation>存有“%1”</translation>
    </message>
    <message>
        <source>Round 1: the resource ignores fencing tokens.</source>
        <translation>第 1 轮：资源忽略栅栏令牌。</translation>
    </message>
    <message>
        <source>Round 2: the resource checks fencing tokens.</source>
        <translation>第 2 轮：资源检查栅栏令牌。</translation>
    </message>
    <message>
        <source>without fencing the stale write was %1; with fencing it was %2</source>
        <translation>没有栅栏令牌时，过期写入%1；有栅栏令牌时，它%2</translation>
    </message>
    <message>
        <source>applied (corruption)</source>
        <translation>被应用（数据损坏）</translation>
    </message>
    <message>
        <source>not applied</source>
        <translation>未被应用</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>被应用</translation>
    </message>
    <message>
        <source>The SETNX + GETSET recovery of Redis&apos;s SETNX page (C4 and C5)</source>
        <translation>Redis 的 SETNX 页面中的 SETNX + GETSET 恢复（C4 和 C5）</translation>
    </message>
    <message>
        <source>exactly one of C4 and C5 acquires the expired lock, staged and in a real race</source>
        <translation>无论是编排的竞争还是真实的竞争，C4 和 C5 中都恰好只有一个获取到过期的锁</translation>
    </message>
    <message>
        <source>Staged: C3 died holding %1; its timestamp has passed.</source>
        <translation>编排：C3 持有 %1 时死亡；它的时间戳已过。</translation>
    </message>
    <message>
        <source>crashed holding the lock</source>
        <translation>持有锁时崩溃</translation>
    </message>
    <message>
        <source>%1 did not find an expired timestamp</source>
        <translation>%1 没有发现过期的时间戳</translation>
    </message>
    <message>
        <source>sees the lock expired: tries GETSET</source>
        <translation>发现锁已过期：尝试 GETSET</translation>
    </message>
    <message>
        <source>the old value was still expired: holds the lock</source>
        <translation>旧值仍是过期的：持有锁</translation>
    </message>
    <message>
        <source>the old value is a fresh timestamp: someone was faster; start over</source>
        <translation>旧值是新的时间戳：有人更快；重新开始</translation>
    </message>
    <message>
        <source>the lock is held and not expired: waits</source>
        <translation>锁被持有且未过期：等待</translation>
    </message>
    <message>
        <source>Real race: two `legacy` locks on a freshly expired key, started together.</source>
        <translation>真实竞争：两把 `legacy` 锁同时争抢一个刚过期的键。</translation>
    </message>
    <message>
        <source>acquired the lock</source>
        <translation>获取了锁</translation>
    </message>
    <message>
        <source>did not acquire the lock</source>
        <translation>没有获取到锁</translation>
    </message>
    <message>
        <source>winners: %1 in the staged race, %2 in the real race: exactly one each time</source>
        <translation>获胜者：编排竞争中 %1 个，真实竞争中 %2 个：每次恰好一个</translation>
    </message>
    <message>
        <source>winners: %1 in the staged race, %2 in the real race (expected exactly one)</source>
        <translation>获胜者：编排竞争中 %1 个，真实竞争中 %2 个（预期恰好一个）</translation>
    </message>
    <message>
        <source>The naive DEL + SETNX recovery race (the one Redis&apos;s SETNX page warns against)</source>
        <translation>朴素的 DEL + SETNX 恢复竞争（Redis 的 SETNX 页面警告过的那种）</translation>
    </message>
    <message>
        <source>C1 and C2 both acquire the lock; the checker reports their critical sections overlap</source>
        <translation>C1 和 C2 都获取了锁；检查器报告它们的临界区重叠</translation>
    </message>
    <message>
        <source>The naive kind: SETNX %1 &lt;expiry&gt;; an expired lock is DELeted, then SETNX again.</source>
        <translation>朴素类型：SETNX %1 &lt;过期时间&gt;；过期的锁先被 DEL 删除，然后再次 SETNX。</translation>
    </message>
    <message>
        <source>crashed holding the lock (it will never DEL it)</source>
        <translation>持有锁时崩溃（它永远不会 DEL 这个键）</translation>
    </message>
    <message>
        <source>C3&apos;s timestamp is now in the past: the lock has expired, but the key is still there.</source>
        <translation>C3 的时间戳已经过去：锁已过期，但键仍然存在。</translation>
    </message>
    <message>
        <source>sees the timestamp expired %1 ms ago</source>
        <translation>发现时间戳已在 %1 毫秒前过期</translation>
    </message>
    <message>
        <source>holds the lock, enters its critical section</source>
        <translation>持有锁，进入临界区</translation>
    </message>
    <message>
        <source>has just deleted C1&apos;s fresh lock, believing it was C3&apos;s expired one</source>
        <translation>刚刚删除了 C1 新加的锁，还以为删的是 C3 过期的那把</translation>
    </message>
    <message>
        <source>leaves its critical section</source>
        <translation>离开临界区</translation>
    </message>
    <message>
        <source>that DEL removed C2&apos;s lock: a naive lock has no owner identity</source>
        <translation>这次 DEL 删除了 C2 的锁：朴素锁没有持有者身份</translation>
    </message>
    <message>
        <source>held</source>
        <translation>持有了锁</translation>
    </message>
    <message>
        <source>did not hold</source>
        <translation>没有持有锁</translation>
    </message>
    <message>
        <source>double acquisition: C1 and C2 both held %1 at the same time</source>
        <translation>重复获取：C1 和 C2 同时持有 %1</translation>
    </message>
    <message>
        <source>no double acquisition observed (C1 %1, C2 %2, %3 overlaps)</source>
        <translation>未观察到重复获取（C1 %1，C2 %2，%3 次重叠）</translation>
    </message>
    <message>
        <source>Redlock on 5 nodes: a majority or nothing</source>
        <translation>5 个节点上的 Redlock：要么多数，要么全无</translation>
    </message>
    <message>
        <source>the lock is acquired with 0, 1 and 2 of 5 nodes down, and refused with 3 down</source>
        <translation>5 个节点中宕机 0、1、2 个时锁能获取，宕机 3 个时被拒绝</translation>
    </message>
    <message>
        <source>sandbox redis-server up on 127.0.0.1:%1</source>
        <translation>沙盒 redis-server 已在 127.0.0.1:%1 启动</translation>
    </message>
    <message>
        <source>stopped (%1 of 5 down)</source>
        <translation>已停止（5 个中 %1 个宕机）</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>acquired on a majority (fence %1)</source>
        <translation>在多数节点上获取成功（栅栏令牌 %1）</translation>
    </message>
    <message>
        <source>refused: no majority</source>
        <translation>被拒绝：未达多数</translation>
    </message>
    <message>
        <source>with %1 of 5 nodes down: %2</source>
        <translation>5 个节点中 %1 个宕机时：%2</translation>
    </message>
    <message>
        <source>released on every node it could reach</source>
        <translation>在所有能连上的节点上释放了锁</translation>
    </message>
    <message>
        <source>release failed: %1</source>
        <translation>释放失败：%1</translation>
    </message>
    <message>
        <source>%1 down: acquired</source>
        <translation>%1 个宕机：获取成功</translation>
    </message>
    <message>
        <source>%1 down: refused</source>
        <translation>%1 个宕机：被拒绝</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>A token-lock holder crashes: the lease frees the lock</source>
        <translation>令牌锁的持有者崩溃：租约释放了锁</translation>
    </message>
    <message>
        <source>C2 cannot take the lock while the dead C1&apos;s lease runs, then gets it within the lease, with a higher fence</source>
        <translation>已死的 C1 的租约未到期时，C2 拿不到锁；之后在一个租约内拿到锁，且栅栏令牌更大</translation>
    </message>
    <message>
        <source>%1 -&gt; OK (process %2, fence %3)</source>
        <translation>%1 -&gt; OK（进程 %2，栅栏令牌 %3）</translation>
    </message>
    <message>
        <source>tries once: acquired (!)</source>
        <translation>尝试一次：获取成功（！）</translation>
    </message>
    <message>
        <source>tries once: refused, C1 holds it</source>
        <translation>尝试一次：被拒绝，C1 持有锁</translation>
    </message>
    <message>
        <source>crashed (SIGKILL) holding the lock; PTTL %1 ms left</source>
        <translation>持有锁时崩溃（SIGKILL）；PTTL 还剩 %1 毫秒</translation>
    </message>
    <message>
        <source>waits for the lock</source>
        <translation>等待锁</translation>
    </message>
    <message>
        <source>acquired the lock after %1 ms, fence %2</source>
        <translation>等待 %1 毫秒后获取了锁，栅栏令牌 %2</translation>
    </message>
    <message>
        <source>gave up after %1 ms</source>
        <translation>等待 %1 毫秒后放弃</translation>
    </message>
    <message>
        <source>the dead holder&apos;s lease expired and C2 got the lock after %1 ms with a higher fence</source>
        <translation>已死持有者的租约到期，C2 在 %1 毫秒后拿到了锁，栅栏令牌更大</translation>
    </message>
    <message>
        <source>C2 took a live lock; </source>
        <translation>C2 拿走了仍然有效的锁；</translation>
    </message>
    <message>
        <source>C2 never got the lock; </source>
        <translation>C2 始终没有拿到锁；</translation>
    </message>
    <message>
        <source>C2 waited longer than the lease; </source>
        <translation>C2 等待的时间超过了租约；</translation>
    </message>
    <message>
        <source>the fence did not rise</source>
        <translation>栅栏令牌没有增大</translation>
    </message>
    <message>
        <source>%1%2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>unexpected: %1</source>
        <translation>出乎预期：%1</translation>
    </message>
    <message>
        <source>A long job kept alive by the watchdog, then its holder dies</source>
        <translation>看门狗让长任务一直持有锁，随后持有者死亡</translation>
    </message>
    <message>
        <source>the lock stays held for three leases while the holder lives, and frees within one lease after it dies</source>
        <translation>持有者存活时锁持续被持有三个租约之久，持有者死亡后锁在一个租约内释放</translation>
    </message>
    <message>
        <source>acquired %1 with a %2 ms lease and the watchdog on (process %3); starts a long job</source>
        <translation>以 %2 毫秒租约并开启看门狗获取了 %1（进程 %3）；开始一个长任务</translation>
    </message>
    <message>
        <source>the lock is gone while its holder lives (PTTL %1)</source>
        <translation>持有者还活着，锁却不见了（PTTL %1）</translation>
    </message>
    <message>
        <source>after %1 ms still held, PTTL %2 ms (renewed by the watchdog)</source>
        <translation>%1 毫秒后仍被持有，PTTL %2 毫秒（由看门狗续期）</translation>
    </message>
    <message>
        <source>killed (SIGKILL) in the middle of the job: no release, no more renewals</source>
        <translation>在任务进行中被杀死（SIGKILL）：没有释放，也不再续期</translation>
    </message>
    <message>
        <source>the lock freed %1 ms after the holder died</source>
        <translation>持有者死亡 %1 毫秒后锁被释放</translation>
    </message>
    <message>
        <source>the lock is still there %1 ms later</source>
        <translation>%1 毫秒后锁仍然存在</translation>
    </message>
    <message>
        <source>could not acquire the lock</source>
        <translation>无法获取锁</translation>
    </message>
    <message>
        <source>%1; %2; %3</source>
        <translation>%1；%2；%3</translation>
    </message>
    <message>
        <source>held for three leases by the watchdog</source>
        <translation>看门狗让锁持续持有了三个租约</translation>
    </message>
    <message>
        <source>NOT held throughout the job</source>
        <translation>任务期间锁未能一直被持有</translation>
    </message>
    <message>
        <source>freed %1 ms after the holder died</source>
        <translation>持有者死亡 %1 毫秒后释放</translation>
    </message>
    <message>
        <source>NOT freed within one lease of the holder&apos;s death</source>
        <translation>持有者死亡后一个租约内未释放</translation>
    </message>
    <message>
        <source>C2 got it</source>
        <translation>C2 拿到了锁</translation>
    </message>
    <message>
        <source>C2 did not get it</source>
        <translation>C2 没有拿到锁</translation>
    </message>
    <message>
        <source>Round 1: the unfair `legacy` kind (SETNX; waiters poll with back-off).</source>
        <translation>第 1 轮：不公平的 `legacy` 类型（SETNX；等待者以退避方式轮询）。</translation>
    </message>
    <message>
        <source>A failover loses a lock; WAIT for the replica keeps it</source>
        <translation>故障转移丢失了锁；WAIT 等待副本则能保住它</translation>
    </message>
    <message>
        <source>after the promotion two clients hold the lock and the fence rejects the stale write; with WAIT 1 the lock survives the failover</source>
        <translation>提升之后两个客户端同时持有锁，栅栏拒绝过期的写入；使用 WAIT 1 时锁在故障转移后依然存在</translation>
    </message>
    <message>
        <source>the master on 127.0.0.1:%1 dies (SIGKILL)</source>
        <translation>127.0.0.1:%1 上的主节点死亡（SIGKILL）</translation>
    </message>
    <message>
        <source>the sentinel promoted the replica on 127.0.0.1:%1: it is the master now</source>
        <translation>哨兵提升了 127.0.0.1:%1 上的副本：它现在是主节点</translation>
    </message>
    <message>
        <source>sandbox master up on 127.0.0.1:%1</source>
        <translation>沙盒主节点已在 127.0.0.1:%1 上启动</translation>
    </message>
    <message>
        <source>its replica up on 127.0.0.1:%1, and a sentinel; clients find the master through the sentinel</source>
        <translation>其副本已在 127.0.0.1:%1 上启动，另有一个哨兵；客户端通过哨兵找到主节点</translation>
    </message>
    <message>
        <source>falls behind: the master&apos;s writes have not reached it yet</source>
        <translation>落后了：主节点的写入尚未到达它</translation>
    </message>
    <message>
        <source>acquired %1 on the master (fence %2)</source>
        <translation>在主节点上获取了 %1（栅栏 %2）</translation>
    </message>
    <message>
        <source>WAIT 1 %1 -&gt; %2 replica(s) confirmed%3</source>
        <translation>WAIT 1 %1 -&gt; %2 个副本确认%3</translation>
    </message>
    <message>
        <source>: not safe, released unused</source>
        <translation>：不安全，未使用即释放</translation>
    </message>
    <message>
        <source>catches up with the master</source>
        <translation>追上了主节点</translation>
    </message>
    <message>
        <source>acquired again (fence %1); WAIT 1 -&gt; %2 replica(s) confirmed</source>
        <translation>再次获取（栅栏 %1）；WAIT 1 -&gt; %2 个副本确认</translation>
    </message>
    <message>
        <source>works on the resource, believing it holds the lock...</source>
        <translation>处理资源，相信自己持有锁……</translation>
    </message>
    <message>
        <source>acquired %1 on the new master (fence %2): the replica never had C1&apos;s lock, nor its fence</source>
        <translation>在新主节点上获取了 %1（栅栏 %2）：副本从未拥有 C1 的锁，也没有它的栅栏</translation>
    </message>
    <message>
        <source>refused: the new master has C1&apos;s lock (the replica had it)</source>
        <translation>被拒绝：新主节点拥有 C1 的锁（副本已有它）</translation>
    </message>
    <message>
        <source>carries on and writes</source>
        <translation>继续并写入</translation>
    </message>
    <message>
        <source>writes &quot;%1&quot; with fence %2 -&gt; rejected (fence not above the highest seen)</source>
        <translation>以栅栏 %2 写入“%1” -&gt; 被拒绝（栅栏不高于已见过的最高值）</translation>
    </message>
    <message>
        <source>release -&gt; lost: the new master never had its hold</source>
        <translation>释放 -&gt; 丢失：新主节点从未有过它的持有</translation>
    </message>
    <message>
        <source>Round 1: acquire, and trust the reply.</source>
        <translation>第 1 轮：获取锁，并相信回复。</translation>
    </message>
    <message>
        <source>Round 2: acquire, then WAIT until the replica has it.</source>
        <translation>第 2 轮：获取锁，然后 WAIT 直到副本拥有它。</translation>
    </message>
    <message>
        <source>without WAIT: %1; with WAIT 1: %2</source>
        <translation>不用 WAIT：%1；使用 WAIT 1：%2</translation>
    </message>
    <message>
        <source>two holders after the failover, the stale write %1</source>
        <translation>故障转移后有两个持有者，过期的写入%1</translation>
    </message>
    <message>
        <source>rejected by the fence</source>
        <translation>被栅栏拒绝</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>被接受</translation>
    </message>
    <message>
        <source>the lock survived</source>
        <translation>锁依然存在</translation>
    </message>
    <message>
        <source>the lock was lost</source>
        <translation>锁丢失了</translation>
    </message>
    <message>
        <source>the lock survived the failover</source>
        <translation>锁在故障转移后依然存在</translation>
    </message>
</context>
<context>
    <name>DistributedLockRedisRecognizer</name>
    <message>
        <source>&lt;name&gt;.writer holding &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt;: a DistributedLock.Redis reader-writer lock</source>
        <translation>&lt;name&gt;.writer 存放 &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt;：DistributedLock.Redis 读写锁</translation>
    </message>
    <message>
        <source>a value &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt;: a DistributedLock.Redis mutex</source>
        <translation>值为 &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt;：DistributedLock.Redis 互斥锁</translation>
    </message>
    <message>
        <source>a writer on %1 (process %2) waits for the readers to leave</source>
        <translation>%1 上的写者（进程 %2）正在等待读者离开</translation>
    </message>
    <message>
        <source>held by process %2 on %1</source>
        <translation>由 %1 上的进程 %2 持有</translation>
    </message>
    <message>
        <source>%1 readers in all; a sample of them is shown</source>
        <translation>共 %1 个读者；只显示其中一部分</translation>
    </message>
    <message>
        <source>&lt;name&gt;.readers holding &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt; members: a DistributedLock.Redis reader-writer lock held for reading</source>
        <translation>&lt;name&gt;.readers 的成员为 &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt;：以读方式持有的 DistributedLock.Redis 读写锁</translation>
    </message>
    <message>
        <source>a sorted set of &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt; ids scored by expiry: a DistributedLock.Redis semaphore</source>
        <translation>按过期时间排序的 &lt;machine&gt;_&lt;pid&gt;_&lt;guid&gt; 标识有序集合：DistributedLock.Redis 信号量</translation>
    </message>
    <message>
        <source>the permit limit lives in the clients; an id past its expiry no longer counts</source>
        <translation>许可上限只存在于客户端；过期的标识不再计数</translation>
    </message>
</context>
<context>
    <name>ExtendLock</name>
    <message>
        <source>extended to %1 ms</source>
        <translation>已延长到 %1 毫秒</translation>
    </message>
    <message>
        <source>nothing to extend: the lock is gone</source>
        <translation>无可延长：锁已不存在</translation>
    </message>
    <message>
        <source>not extended: the lock changed since it was observed</source>
        <translation>未延长：锁自观察以来已变化</translation>
    </message>
</context>
<context>
    <name>Fleet</name>
    <message>
        <source>%1: %2 is the same server as %3 (%4); watched once, as %3</source>
        <translation>%1：%2 与 %3（%4）是同一台服务器；只监视一次，名为 %3</translation>
    </message>
    <message>
        <source>%1: the name %2 is taken; this server is named %3</source>
        <translation>%1：名称 %2 已被使用；此服务器命名为 %3</translation>
    </message>
</context>
<context>
    <name>FleetFile</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>a quote is not closed</source>
        <translation>引号未闭合</translation>
    </message>
    <message>
        <source>&apos;profile&apos; needs the name of a saved connection profile</source>
        <translation>&apos;profile&apos; 需要一个已保存连接配置的名称</translation>
    </message>
    <message>
        <source>saved profiles cannot be read here</source>
        <translation>此处无法读取已保存的连接配置</translation>
    </message>
    <message>
        <source>expected a URL (redis://, rediss://, unix://, redis+sentinel://) or &apos;profile NAME&apos;, got &apos;%1&apos;</source>
        <translation>应为 URL（redis://、rediss://、unix://、redis+sentinel://）或 &apos;profile 名称&apos;，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1: no server in it (one URL or &apos;profile NAME&apos; a line)</source>
        <translation>%1：其中没有服务器（每行一个 URL 或 &apos;profile 名称&apos;）</translation>
    </message>
    <message>
        <source>cannot read the fleet file %1</source>
        <translation>无法读取服务器组文件 %1</translation>
    </message>
    <message>
        <source>%1: larger than a fleet file may be (1 MiB)</source>
        <translation>%1：超过服务器组文件允许的大小（1 MiB）</translation>
    </message>
</context>
<context>
    <name>ForceRelease</name>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>released; %1 waiting client(s) notified</source>
        <translation>已释放；已通知 %1 个等待的客户端</translation>
    </message>
    <message>
        <source>nothing to release: the lock is gone already</source>
        <translation>无可释放：锁已不存在</translation>
    </message>
    <message>
        <source>not released: the lock changed since it was observed (a new holder?)</source>
        <translation>未释放：锁自观察以来已变化（有新持有者？）</translation>
    </message>
</context>
<context>
    <name>GuiCommandLine</name>
    <message>
        <source>Monitor and administer Redis distributed locks.
Without --url, LockScope starts a private sandbox redis-server and connects to it.</source>
        <translation>监视和管理 Redis 分布式锁。
不带 --url 时，LockScope 会启动一个私有的沙盒 redis-server 并连接到它。</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>ACL user name (overrides the URL&apos;s).</source>
        <translation>ACL 用户名（覆盖 URL 中的用户名）。</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Take the password from the environment variable VAR (never from the command line).</source>
        <translation>从环境变量 VAR 读取密码（绝不从命令行读取）。</translation>
    </message>
    <message>
        <source>VAR</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Trust the CA certificates in FILE (rediss:// only).</source>
        <translation>信任 FILE 中的 CA 证书（仅限 rediss://）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Client certificate (with --tls-key).</source>
        <translation>客户端证书（与 --tls-key 一起使用）。</translation>
    </message>
    <message>
        <source>Client certificate key.</source>
        <translation>客户端证书私钥。</translation>
    </message>
    <message>
        <source>Name to verify in the server&apos;s certificate.</source>
        <translation>在服务器证书中校验的名称。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (unsafe).</source>
        <translation>不校验服务器证书（不安全）。</translation>
    </message>
    <message>
        <source>Refuse every command that could write (no admin actions).</source>
        <translation>拒绝所有可能写入的命令（不可执行管理操作）。</translation>
    </message>
    <message>
        <source>Connect timeout in milliseconds.</source>
        <translation>连接超时（毫秒）。</translation>
    </message>
    <message>
        <source>MS</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Command timeout in milliseconds.</source>
        <translation>命令超时（毫秒）。</translation>
    </message>
    <message>
        <source>Save a PNG of the window to FILE once it shows the server, then quit.</source>
        <translation>窗口显示出服务器信息后，将窗口截图保存为 PNG 文件 FILE，然后退出。</translation>
    </message>
    <message>
        <source>lockscope: %1</source>
        <translation>lockscope：%1</translation>
    </message>
    <message>
        <source>Try &apos;lockscope --help&apos;.</source>
        <translation>请尝试 &apos;lockscope --help&apos;。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>connection options need --url (the sandbox needs none)</source>
        <translation>连接选项需要配合 --url 使用（沙盒不需要连接选项）</translation>
    </message>
    <message>
        <source>Fill the sandbox with sample locks of every kind without asking (sandbox only).</source>
        <translation>不经询问，直接在沙盒中填入各类示例锁（仅限沙盒）。</translation>
    </message>
    <message>
        <source>--sample-locks fills the sandbox only; it cannot be used with --url</source>
        <translation>--sample-locks 只填充沙盒，不能与 --url 一起使用</translation>
    </message>
    <message>
        <source>With --screenshot: run Tools › TOOL briefly (stress: a short stress test, demo: the first contention demo) and save its window instead of the main window.</source>
        <translation>与 --screenshot 一起使用：短暂运行“工具 › TOOL”（stress：一次简短的压力测试；demo：第一个争用演示），并保存该窗口而不是主窗口。</translation>
    </message>
    <message>
        <source>TOOL</source>
        <translation>TOOL</translation>
    </message>
    <message>
        <source>--screenshot-tool needs --screenshot FILE</source>
        <translation>--screenshot-tool 需要配合 --screenshot FILE 使用</translation>
    </message>
    <message>
        <source>--screenshot-tool expects stress or demo, got &apos;%1&apos;</source>
        <translation>--screenshot-tool 应为 stress 或 demo，实际为“%1”</translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://, rediss://, unix://, redis+sentinel://) instead of starting the sandbox. Repeat it to open several servers in one window.</source>
        <translation>连接到 URL 处的 Redis 服务器（redis://、rediss://、unix://、redis+sentinel://），而不启动沙盒。可重复使用，在一个窗口中打开多个服务器。</translation>
    </message>
    <message>
        <source>Open the saved connection NAME (File › Connections…). Repeatable, and may be used with --url.</source>
        <translation>打开名为 NAME 的已保存连接（文件 › 连接…）。可重复使用，也可与 --url 一起使用。</translation>
    </message>
</context>
<context>
    <name>HolderAttribution</name>
    <message>
        <source>holder&apos;s connection closed at %1</source>
        <translation>持有者的连接已于 %1 关闭</translation>
    </message>
    <message>
        <source>holder&apos;s connection closed at %1; the lock expires by itself</source>
        <translation>持有者的连接已于 %1 关闭；该锁会自行过期</translation>
    </message>
</context>
<context>
    <name>IdentifiedListing</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>holders&apos; connections not named: CLIENT LIST refused (%1)</source>
        <translation>未能命名持有者的连接：CLIENT LIST 被拒绝（%1）</translation>
    </message>
</context>
<context>
    <name>LaravelLockRecognizer</name>
    <message>
        <source>laravel_unique_job:&lt;job&gt;:&lt;id&gt; holding a Str::random owner: Laravel ShouldBeUnique</source>
        <translation>laravel_unique_job:&lt;job&gt;:&lt;id&gt; 存放 Str::random 所有者：Laravel ShouldBeUnique</translation>
    </message>
    <message>
        <source>unique job %1: while this lock is held, the same job is not queued again</source>
        <translation>唯一任务 %1：持有此锁期间，同一任务不会再次入队</translation>
    </message>
    <message>
        <source>laravel-queue-overlap:&lt;job&gt;:&lt;key&gt; holding a Str::random owner: Laravel WithoutOverlapping</source>
        <translation>laravel-queue-overlap:&lt;job&gt;:&lt;key&gt; 存放 Str::random 所有者：Laravel WithoutOverlapping</translation>
    </message>
    <message>
        <source>job %1 runs without overlapping: others are released back to the queue while it is held</source>
        <translation>任务 %1 不重叠运行：持有期间其他实例被放回队列</translation>
    </message>
    <message>
        <source>framework/schedule-&lt;sha1&gt; holding a Str::random owner: the Laravel scheduler&apos;s withoutOverlapping mutex</source>
        <translation>framework/schedule-&lt;sha1&gt; 存放 Str::random 所有者：Laravel 调度器的 withoutOverlapping 互斥锁</translation>
    </message>
    <message>
        <source>while held, the scheduled command does not start again (schedule:clear-cache frees it)</source>
        <translation>持有期间，该定时命令不会再次启动（schedule:clear-cache 可释放它）</translation>
    </message>
    <message>
        <source>%1 prefix (Laravel %2) holding a Str::random(16) owner: a Laravel cache lock</source>
        <translation>前缀 %1（Laravel %2）存放 Str::random(16) 所有者：Laravel 缓存锁</translation>
    </message>
    <message>
        <source>the owner is stored serialized by phpredis (OPT_SERIALIZER)</source>
        <translation>所有者由 phpredis 序列化存储（OPT_SERIALIZER）</translation>
    </message>
    <message>
        <source>no TTL: taken with Cache::lock() without seconds, this lock never expires by itself; if its holder is gone, only a release frees it</source>
        <translation>没有 TTL：用不带秒数的 Cache::lock() 获取，此锁永远不会自行过期；如果持有者已不在，只有释放才能解开它</translation>
    </message>
</context>
<context>
    <name>LegacyTimestampRecognizer</name>
    <message>
        <source>a Unix timestamp near now under a lock-like name: the legacy SETNX lock (value = expiry)</source>
        <translation>像锁的名称下存着接近当前时间的 Unix 时间戳：旧式 SETNX 锁（值 = 过期时间）</translation>
    </message>
    <message>
        <source>its timestamp passed %1 s ago; nobody recovered it (GETSET) yet</source>
        <translation>它的时间戳已在 %1 秒前过去；尚无人接管（GETSET）</translation>
    </message>
</context>
<context>
    <name>LockActionRules</name>
    <message>
        <source>The connection is read-only: admin actions are off (reconnect without the read-only flag to change locks).</source>
        <translation>连接为只读：管理操作已关闭（去掉只读标志重新连接后才能修改锁）。</translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>未连接到服务器。</translation>
    </message>
    <message>
        <source>Select a lock first.</source>
        <translation>请先选中一把锁。</translation>
    </message>
    <message>
        <source>Nobody holds this lock.</source>
        <translation>这把锁无人持有。</translation>
    </message>
    <message>
        <source>A semaphore&apos;s permits have their own leases.</source>
        <translation>信号量的许可有各自的租约。</translation>
    </message>
    <message>
        <source>This lock has no waiter list that could hold stale entries.</source>
        <translation>这把锁没有可能包含失效条目的等待列表。</translation>
    </message>
    <message>
        <source>Delete this lock in Redis if it is still held as shown, waking a waiter (asks first)</source>
        <translation>如果锁仍按显示的方式被持有，则在 Redis 中删除它并唤醒一个等待者（会先确认）</translation>
    </message>
    <message>
        <source>Set a new lease on this lock if it is still held as shown (asks first)</source>
        <translation>如果锁仍按显示的方式被持有，则为它设置新租约（会先确认）</translation>
    </message>
    <message>
        <source>Remove waiters whose deadline passed (dead fair-queue heads, stale registrations)</source>
        <translation>移除已过截止时间的等待者（公平队列队首的失效者、过期登记）</translation>
    </message>
    <message>
        <source>Nobody holds a permit of this semaphore.</source>
        <translation>这个信号量的许可无人持有。</translation>
    </message>
</context>
<context>
    <name>LockAdminTexts</name>
    <message>
        <source>Force-release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>Extend TTL</source>
        <translation>延长 TTL</translation>
    </message>
    <message>
        <source>Remove stale waiters</source>
        <translation>移除失效的等待者</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>holder changed meanwhile: nothing touched</source>
        <translation>持有者已变化：未做任何改动</translation>
    </message>
    <message>
        <source>the lock was already gone</source>
        <translation>锁已不存在</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>LockAlertText</name>
    <message>
        <source>%1 has been held for %2 by %3 (limit %4)</source>
        <translation>%1 已被 %3 持有 %2（上限 %4）</translation>
    </message>
    <message>
        <source>%1 looks stuck</source>
        <translation>%1 似乎卡住了</translation>
    </message>
    <message>
        <source>%1 has %2 waiters (limit %3)</source>
        <translation>%1 有 %2 个等待者（上限 %3）</translation>
    </message>
    <message>
        <source>%1 was force-released</source>
        <translation>%1 已被强制释放</translation>
    </message>
</context>
<context>
    <name>LockClassifier</name>
    <message>
        <source>%1 stale LockScope waiter registration(s) (dead waiters)</source>
        <translation>%1 条失效的 LockScope 等待者登记（已死的等待者）</translation>
    </message>
</context>
<context>
    <name>LockEventTexts</name>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>force-released through LockScope</source>
        <translation>已通过 LockScope 强制释放</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>no holder</source>
        <translation>无持有者</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>由 %1 持有</translation>
    </message>
    <message>
        <source>, TTL %1 s</source>
        <translation>，TTL %1 秒</translation>
    </message>
    <message>
        <source>, no TTL</source>
        <translation>，无 TTL</translation>
    </message>
    <message numerus="yes">
        <source>, %n waiter(s)</source>
        <translation>
            <numerusform>，%n 个等待者</numerusform>
        </translation>
    </message>
    <message>
        <source> (found by listing again: it happened some time since %1)</source>
        <translation>（重新列出时发现：发生于 %1 之后的某个时间）</translation>
    </message>
</context>
<context>
    <name>LockFactory</name>
    <message>
        <source>SETNX with an expiry timestamp, GETSET takeover (the pattern of Redis&apos;s SETNX page); no owner identity, no fencing</source>
        <translation>SETNX 存过期时间戳，GETSET 接管（Redis 的 SETNX 页面中的模式）；没有持有者身份，没有栅栏令牌</translation>
    </message>
    <message>
        <source>UNSAFE: SETNX, then DEL + SETNX of an expired lock; two clients can both hold it (demo only)</source>
        <translation>不安全：SETNX，锁过期后 DEL + SETNX；两个客户端可能同时持有（仅供演示）</translation>
    </message>
    <message>
        <source>SET NX PX with a random token, Lua compare-and-delete; redis-py / node-redlock format, fenced</source>
        <translation>SET NX PX 存随机令牌，Lua 比较后删除；redis-py / node-redlock 格式，带栅栏令牌</translation>
    </message>
    <message>
        <source>Redisson RLock format: hash of &lt;uuid&gt;:&lt;thread&gt; -&gt; count, watchdog renewal, pub/sub wake-up, fenced</source>
        <translation>Redisson RLock 格式：&lt;uuid&gt;:&lt;thread&gt; -&gt; 计数 的哈希，看门狗续期，pub/sub 唤醒，带栅栏令牌</translation>
    </message>
    <message>
        <source>Redisson RFairLock format: FIFO queue with deadlines, head waiter woken, fenced</source>
        <translation>Redisson RFairLock 格式：带截止时间的先进先出队列，唤醒队首等待者，带栅栏令牌</translation>
    </message>
    <message>
        <source>Redisson RReadWriteLock, shared read mode: many readers, no writer</source>
        <translation>Redisson RReadWriteLock，共享读模式：多个读者，没有写者</translation>
    </message>
    <message>
        <source>Redisson RReadWriteLock, exclusive write mode</source>
        <translation>Redisson RReadWriteLock，独占写模式</translation>
    </message>
    <message>
        <source>counting semaphore of N permits (--permits): BLMOVE-blocked waiters, leased permits come back, fenced</source>
        <translation>含 N 个许可的计数信号量（--permits）：等待者阻塞在 BLMOVE 上，带租约的许可会收回，带栅栏令牌</translation>
    </message>
    <message>
        <source>the token lock on N independent masters (--nodes), majority quorum, fenced</source>
        <translation>在 N 个独立主节点（--nodes）上的令牌锁，多数派法定人数，带栅栏令牌</translation>
    </message>
</context>
<context>
    <name>LockKindTexts</name>
    <message>
        <source>Reentrant</source>
        <translation>可重入锁</translation>
    </message>
    <message>
        <source>Fair</source>
        <translation>公平锁</translation>
    </message>
    <message>
        <source>Read/write</source>
        <translation>读写锁</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌锁</translation>
    </message>
    <message>
        <source>Legacy timestamp</source>
        <translation>旧式时间戳锁</translation>
    </message>
    <message>
        <source>Semaphore</source>
        <translation>信号量</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>A reentrant lock (Redisson RLock style): a hash whose field names the holder (client UUID and thread) and counts how often it entered. Waiters subscribe to an unlock channel; the holder&apos;s watchdog renews the lease.</source>
        <translation>可重入锁（Redisson RLock 风格）：一个哈希，字段名标识持有者（客户端 UUID 和线程），值为重入次数。等待者订阅解锁频道；持有者的看门狗会续期租约。</translation>
    </message>
    <message>
        <source>A fair lock: like a reentrant lock, plus a queue that hands the lock to waiters in arrival order. Each queued waiter has a deadline; a dead one at the head blocks everyone behind it.</source>
        <translation>公平锁：与可重入锁相同，另有一个队列按到达顺序把锁交给等待者。每个排队的等待者都有截止时间；队首的失效等待者会阻塞其后的所有人。</translation>
    </message>
    <message>
        <source>A read/write lock: any number of readers, or one writer. The hash&apos;s mode field says which.</source>
        <translation>读写锁：任意数量的读者，或一个写者。哈希的 mode 字段说明是哪一种。</translation>
    </message>
    <message>
        <source>A token lock (SET key token NX PX): one string holding the holder&apos;s random token, released only by whoever knows the token (redis-py, Redlock, LockScope).</source>
        <translation>令牌锁（SET key token NX PX）：一个字符串保存持有者的随机令牌，只有知道令牌的一方才能释放（redis-py、Redlock、LockScope）。</translation>
    </message>
    <message>
        <source>The old SETNX pattern: the value is an expiry timestamp; a lock past it is taken over by whoever notices. Clocks must agree for it to be safe.</source>
        <translation>旧式 SETNX 模式：值为过期时间戳；过期的锁由先发现者接管。只有各方时钟一致时才安全。</translation>
    </message>
    <message>
        <source>A semaphore: up to N holders at once, each holding a permit.</source>
        <translation>信号量：最多 N 个持有者同时持有，每个持有一个许可。</translation>
    </message>
</context>
<context>
    <name>LockNamedKeyRecognizer</name>
    <message>
        <source>a number (a process id, a counter or a time)</source>
        <translation>一个数字（进程号、计数器或时间）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数字</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>binary data</source>
        <translation>二进制数据</translation>
    </message>
    <message>
        <source>the name says lock and the key has a TTL; it holds %1, in no format a known library writes: a lock of unknown origin, its value shown as holder</source>
        <translation>名称表明这是锁且键带有 TTL；它存放%1，不属于任何已知库写入的格式：来源未知的锁，其值作为持有者显示</translation>
    </message>
    <message>
        <source>the name says lock and the key has a TTL; a hash of %1 field(s) in no format a known library writes: a lock of unknown origin, its fields shown as holder</source>
        <translation>名称表明这是锁且键带有 TTL；一个有 %1 个字段的哈希，不属于任何已知库写入的格式：来源未知的锁，其字段作为持有者显示</translation>
    </message>
    <message>
        <source>the name says lock and the key has a TTL; a %1 of %2 member(s) in no format a known library writes: a lock of unknown origin, each member shown as a holder</source>
        <translation>名称表明这是锁且键带有 TTL；一个有 %2 个成员的%1，不属于任何已知库写入的格式：来源未知的锁，每个成员作为一个持有者显示</translation>
    </message>
    <message>
        <source>sorted set</source>
        <translation>有序集合</translation>
    </message>
    <message>
        <source>set</source>
        <translation>集合</translation>
    </message>
    <message>
        <source>the name says lock and the key has a TTL; a list of %1 item(s) in no format a known library writes: a lock of unknown origin (a list&apos;s items are tokens waiting to be taken, not holders)</source>
        <translation>名称表明这是锁且键带有 TTL；一个有 %1 个元素的列表，不属于任何已知库写入的格式：来源未知的锁（列表中的元素是等待被取走的令牌，而不是持有者）</translation>
    </message>
</context>
<context>
    <name>LockScopeSemaphoreRecognizer</name>
    <message>
        <source>keys under lockscope:semaphore:{name}: LockScope semaphore</source>
        <translation>lockscope:semaphore:{name} 下的键：LockScope 信号量</translation>
    </message>
</context>
<context>
    <name>LockSnapshot</name>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
</context>
<context>
    <name>LockStatisticsText</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message numerus="yes">
        <source>%n hold(s), %1 completed</source>
        <translation>
            <numerusform>%n 次持有，%1 次已结束</numerusform>
        </translation>
    </message>
    <message>
        <source>Held: median %1, p90 %2, p99 %3, longest %4</source>
        <translation>持有时长：中位数 %1，p90 %2，p99 %3，最长 %4</translation>
    </message>
    <message>
        <source>Ended: %1 released, %2 expired, %3 force-released, %4 lost</source>
        <translation>结束方式：%1 次释放，%2 次过期，%3 次强制释放，%4 次丢失</translation>
    </message>
    <message>
        <source>Most waiters seen: %1</source>
        <translation>最多同时等待者：%1</translation>
    </message>
    <message>
        <source>Longest holds</source>
        <translation>最长的持有</translation>
    </message>
    <message>
        <source>Busiest holders</source>
        <translation>最繁忙的持有者</translation>
    </message>
    <message numerus="yes">
        <source>%n hold(s), %1</source>
        <translation>
            <numerusform>%n 次持有，%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>On %n server(s):</source>
        <translation>
            <numerusform>在 %n 台服务器上：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>LockWatcher</name>
    <message>
        <source>no subscriber connection</source>
        <translation>没有订阅连接</translation>
    </message>
    <message>
        <source>CONFIG GET notify-keyspace-events is not allowed on %1</source>
        <translation>%1 上不允许执行 CONFIG GET notify-keyspace-events</translation>
    </message>
    <message>
        <source>notify-keyspace-events is &apos;%1&apos; on %2, without &apos;%3&apos; (enable with --enable-notifications, i.e. CONFIG SET notify-keyspace-events %4)</source>
        <translation>%2 上的 notify-keyspace-events 为“%1”，缺少“%3”（可用 --enable-notifications 开启，即 CONFIG SET notify-keyspace-events %4）</translation>
    </message>
    <message>
        <source>CONFIG SET notify-keyspace-events was refused on %1: %2</source>
        <translation>%1 拒绝了 CONFIG SET notify-keyspace-events：%2</translation>
    </message>
    <message>
        <source>polling was asked for</source>
        <translation>已要求使用轮询</translation>
    </message>
    <message>
        <source>watching through keyspace notifications</source>
        <translation>通过键空间通知监视</translation>
    </message>
    <message>
        <source>keyspace notifications unavailable (%1): polling every %2 ms</source>
        <translation>键空间通知不可用（%1）：每 %2 毫秒轮询一次</translation>
    </message>
</context>
<context>
    <name>MutualExclusionChecker</name>
    <message>
        <source>%1 (fence %2, %3..%4)</source>
        <translation>%1（栅栏令牌 %2，%3..%4）</translation>
    </message>
    <message>
        <source>%1 sections, %2 overlaps, %3 fence regressions, %4 problems</source>
        <translation>%1 个临界区，%2 次重叠，%3 次栅栏令牌回退，%4 个问题</translation>
    </message>
    <message>
        <source>%1
  overlap: %2 and %3</source>
        <translation>%1
  重叠：%2 与 %3</translation>
    </message>
    <message>
        <source>%1
  fence regression: %2 then %3</source>
        <translation>%1
  栅栏令牌回退：先 %2，后 %3</translation>
    </message>
    <message>
        <source>%1
  problem: %2</source>
        <translation>%1
  问题：%2</translation>
    </message>
</context>
<context>
    <name>NodeSemaphoreRecognizer</name>
    <message>
        <source>semaphore:&lt;name&gt; zset of UUIDv4 permits scored by epoch-ms: redis-semaphore (node)</source>
        <translation>semaphore:&lt;name&gt; 有序集合，成员为 UUIDv4 许可，分值为毫秒时间戳：redis-semaphore（node）</translation>
    </message>
    <message>
        <source>more permits than the read limit: only the oldest are shown</source>
        <translation>许可数超过读取上限：只显示最早的那些</translation>
    </message>
    <message>
        <source>waiters poll: redis-semaphore keeps no waiter list in Redis</source>
        <translation>等待者靠轮询：redis-semaphore 不在 Redis 中保存等待者列表</translation>
    </message>
</context>
<context>
    <name>PortalockerRecognizer</name>
    <message>
        <source>a connection named &lt;name&gt;-lock subscribed to a channel: a portalocker RedisLock (no key)</source>
        <translation>名为 &lt;name&gt;-lock 且订阅了频道的连接：portalocker RedisLock（没有键）</translation>
    </message>
    <message>
        <source>held by connection %1 from %2 for %3 s, as long as it stays connected; waiters poll PUBSUB NUMSUB %4</source>
        <translation>由来自 %2 的连接 %1 持有 %3 秒，只要它保持连接；等待者轮询 PUBSUB NUMSUB %4</translation>
    </message>
    <message>
        <source>a portalocker lock is freed by closing its holder&apos;s connection (CLIENT KILL): everything else that client does over it stops too</source>
        <translation>portalocker 锁通过关闭其持有者的连接（CLIENT KILL）来释放：该客户端在此连接上的其他一切操作也会中止</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>RecognitionPass</name>
    <message>
        <source>its keys have no TTL: the TTL shown is when the last permit expires</source>
        <translation>它的键没有 TTL：显示的 TTL 是最后一个许可到期的时间</translation>
    </message>
</context>
<context>
    <name>RedisUrl</name>
    <message>
        <source>truncated percent escape in URL credentials</source>
        <translation>URL 凭据中的百分号转义不完整</translation>
    </message>
    <message>
        <source>invalid percent escape in URL credentials</source>
        <translation>URL 凭据中的百分号转义无效</translation>
    </message>
    <message>
        <source>unterminated &apos;[&apos; in IPv6 host</source>
        <translation>IPv6 主机缺少与 &apos;[&apos; 配对的 &apos;]&apos;</translation>
    </message>
    <message>
        <source>unexpected text after IPv6 host</source>
        <translation>IPv6 主机后有多余的文字</translation>
    </message>
    <message>
        <source>missing host</source>
        <translation>缺少主机</translation>
    </message>
    <message>
        <source>invalid character in host &apos;%1&apos;</source>
        <translation>主机 &apos;%1&apos; 中有无效字符</translation>
    </message>
    <message>
        <source>invalid port &apos;%1&apos; (expected 1-65535)</source>
        <translation>端口 &apos;%1&apos; 无效（应为 1-65535）</translation>
    </message>
    <message>
        <source>invalid database number &apos;%1&apos;</source>
        <translation>数据库编号 &apos;%1&apos; 无效</translation>
    </message>
    <message>
        <source>unix URL needs an absolute socket path: unix:///path/to/redis.sock</source>
        <translation>unix URL 需要套接字的绝对路径：unix:///path/to/redis.sock</translation>
    </message>
    <message>
        <source>unknown unix URL parameter &apos;%1&apos; (only db=N)</source>
        <translation>未知的 unix URL 参数 &apos;%1&apos;（只接受 db=N）</translation>
    </message>
    <message>
        <source>URL &apos;%1&apos; has no scheme (redis://, rediss://, unix://, redis+sentinel://)</source>
        <translation>URL &apos;%1&apos; 没有协议（redis://、rediss://、unix://、redis+sentinel://）</translation>
    </message>
    <message>
        <source>unknown URL scheme &apos;%1&apos; (expected redis, rediss, unix or redis+sentinel)</source>
        <translation>未知的 URL 协议 &apos;%1&apos;（应为 redis、rediss、unix 或 redis+sentinel）</translation>
    </message>
    <message>
        <source>query parameters are only accepted on unix:// URLs</source>
        <translation>只有 unix:// URL 接受查询参数</translation>
    </message>
    <message>
        <source>redis+sentinel URL names no sentinel</source>
        <translation>redis+sentinel URL 没有指定任何哨兵</translation>
    </message>
    <message>
        <source>redis+sentinel URL needs the master name: redis+sentinel://host:26379/mymaster</source>
        <translation>redis+sentinel URL 需要主节点名称：redis+sentinel://host:26379/mymaster</translation>
    </message>
</context>
<context>
    <name>RedissonLockRecognizer</name>
    <message>
        <source>fair queue longer than the read limit: only its head is shown</source>
        <translation>公平队列长度超过读取上限：只显示队首部分</translation>
    </message>
    <message>
        <source>%1 fair-queue waiter(s) past their deadline (a crashed client&apos;s entry blocks the queue until Redisson prunes it)</source>
        <translation>%1 个公平队列等待者已过截止时间（崩溃客户端的条目会阻塞队列，直到 Redisson 清理它）</translation>
    </message>
    <message>
        <source>hash field &lt;client-uuid&gt;:&lt;thread&gt; holding a reentry count: Redisson RLock format (LockScope&apos;s reentrant kind writes the same)</source>
        <translation>哈希字段 &lt;client-uuid&gt;:&lt;thread&gt; 存放重入计数：Redisson RLock 格式（LockScope 的 reentrant 类型写入相同格式）</translation>
    </message>
    <message>
        <source>no TTL: Redisson always sets a lease, so nothing renews or frees this hold</source>
        <translation>没有 TTL：Redisson 总会设置租约，因此没有任何东西会续期或释放这次持有</translation>
    </message>
    <message>
        <source>%1 client(s) subscribed to the unlock channel (clients, not threads)</source>
        <translation>%1 个客户端订阅了解锁频道（是客户端，而非线程）</translation>
    </message>
    <message>
        <source>Redisson fair-lock queue without a lock hash: the lock is free, these waiters remain</source>
        <translation>Redisson 公平锁队列，但没有锁哈希：锁是空闲的，这些等待者还留着</translation>
    </message>
    <message>
        <source>Redisson RFairLock: lock hash with redisson_lock_queue/redisson_lock_timeout</source>
        <translation>Redisson RFairLock：锁哈希加 redisson_lock_queue/redisson_lock_timeout</translation>
    </message>
</context>
<context>
    <name>RedissonMultiLockRecognizer</name>
    <message>
        <source>a hash of &lt;value&gt; -&gt; &lt;uuid&gt;:&lt;thread&gt; with expire_time and lock_count per value: a Redisson getMultiLock group</source>
        <translation>由 &lt;value&gt; -&gt; &lt;uuid&gt;:&lt;thread&gt; 组成、每个值带 expire_time 和 lock_count 的哈希：Redisson getMultiLock 组</translation>
    </message>
    <message>
        <source>one lock over %1 value(s) of the group, each with its holder</source>
        <translation>一把锁覆盖组中的 %1 个值，每个值有自己的持有者</translation>
    </message>
</context>
<context>
    <name>RedissonReadWriteLockRecognizer</name>
    <message>
        <source>hash with mode=%1 and &lt;client-uuid&gt;:&lt;thread&gt; holds: Redisson RReadWriteLock</source>
        <translation>含 mode=%1 和 &lt;client-uuid&gt;:&lt;thread&gt; 持有者的哈希：Redisson RReadWriteLock</translation>
    </message>
    <message>
        <source>%1 client(s) subscribed to the rwlock channel (clients, not threads)</source>
        <translation>%1 个客户端订阅了读写锁频道（是客户端，而非线程）</translation>
    </message>
</context>
<context>
    <name>RedissonSemaphoreRecognizer</name>
    <message>
        <source>integer permits with a {name}:timeout zset of permit expiries: Redisson RPermitExpirableSemaphore</source>
        <translation>整数许可数加上记录许可过期时间的 {name}:timeout 有序集合：Redisson RPermitExpirableSemaphore</translation>
    </message>
    <message>
        <source>%1 permit(s) past their expiry: Redisson returns them on the next acquire</source>
        <translation>%1 个许可已过期：Redisson 会在下次获取时收回它们</translation>
    </message>
    <message>
        <source>integer string with %1 subscriber(s) on %2: Redisson RSemaphore (who holds permits is not stored in Redis)</source>
        <translation>整数字符串，%2 上有 %1 个订阅者：Redisson RSemaphore（Redis 中不保存谁持有许可）</translation>
    </message>
    <message>
        <source>%1 client(s) wait on the semaphore channel</source>
        <translation>%1 个客户端在信号量频道上等待</translation>
    </message>
</context>
<context>
    <name>ReleasePermit</name>
    <message>
        <source>%1 permit(s) given back</source>
        <translation>已归还 %1 个许可</translation>
    </message>
    <message>
        <source>not released: the holder no longer has that permit</source>
        <translation>未释放：持有者已不再拥有该许可</translation>
    </message>
    <message>
        <source>not released: none of the holders has its permit any more</source>
        <translation>未释放：所有持有者都已不再拥有其许可</translation>
    </message>
    <message>
        <source>%1 permit(s) of %2 holder(s) given back</source>
        <translation>已归还 %2 个持有者的 %1 个许可</translation>
    </message>
    <message>
        <source>%1 permit(s) of %2 holder(s) given back; %3 holder(s) had let go meanwhile</source>
        <translation>已归还 %2 个持有者的 %1 个许可；另有 %3 个持有者在此期间已自行放弃</translation>
    </message>
</context>
<context>
    <name>RemoveStaleWaiters</name>
    <message>
        <source>%1 stale waiter(s) removed</source>
        <translation>已移除 %1 个失效的等待者</translation>
    </message>
</context>
<context>
    <name>RubySemaphoreRecognizer</name>
    <message>
        <source>SEMAPHORE:&lt;name&gt;:AVAILABLE/GRABBED/EXISTS keys: redis-semaphore (ruby)</source>
        <translation>SEMAPHORE:&lt;name&gt;:AVAILABLE/GRABBED/EXISTS 键：redis-semaphore（ruby）</translation>
    </message>
    <message>
        <source>%1 client(s) blocked in BLPOP on this node, counted here because this is the only BLPOP-based semaphore (CLIENT LIST does not name the key)</source>
        <translation>此节点上有 %1 个客户端阻塞在 BLPOP 上；因为这是唯一基于 BLPOP 的信号量，所以计在这里（CLIENT LIST 不会指明键）</translation>
    </message>
    <message>
        <source>%1 client(s) blocked in BLPOP on this node; CLIENT LIST does not say on which key</source>
        <translation>此节点上有 %1 个客户端阻塞在 BLPOP 上；CLIENT LIST 不会说明在哪个键上</translation>
    </message>
</context>
<context>
    <name>SavedProfiles</name>
    <message>
        <source>profile %1: %2</source>
        <translation>连接配置 %1：%2</translation>
    </message>
    <message>
        <source>(no settings file)</source>
        <translation>（没有设置文件）</translation>
    </message>
    <message>
        <source>no saved profile named &apos;%1&apos; in %2 (it has none)</source>
        <translation>%2 中没有名为 &apos;%1&apos; 的已保存连接配置（其中没有任何配置）</translation>
    </message>
    <message>
        <source>no saved profile named &apos;%1&apos; in %2 (it has: %3)</source>
        <translation>%2 中没有名为 &apos;%1&apos; 的已保存连接配置（其中有：%3）</translation>
    </message>
</context>
<context>
    <name>ShedLockRecognizer</name>
    <message>
        <source>job-lock:&lt;env&gt;:&lt;name&gt; holding ADDED:&lt;time&gt;@&lt;host&gt;: ShedLock</source>
        <translation>job-lock:&lt;env&gt;:&lt;name&gt; 保存 ADDED:&lt;time&gt;@&lt;host&gt;：ShedLock</translation>
    </message>
    <message>
        <source>a value ADDED:&lt;time&gt;@&lt;host&gt;: ShedLock (own key prefix)</source>
        <translation>值为 ADDED:&lt;time&gt;@&lt;host&gt;：ShedLock（自定义键前缀）</translation>
    </message>
    <message>
        <source>taken by host %1 %2 s ago; a job that ends sooner than its lockAtLeastFor leaves the lock in place until then (not stuck)</source>
        <translation>由主机 %1 在 %2 秒前获取；早于 lockAtLeastFor 结束的任务会让锁保留到那时（并非卡死）</translation>
    </message>
    <message>
        <source>written by ShedLock before 6.7.0 (no UUID): two locks taken on one host in the same millisecond hold equal values</source>
        <translation>由 6.7.0 之前的 ShedLock 写入（无 UUID）：同一主机在同一毫秒获取的两个锁值相同</translation>
    </message>
    <message>
        <source>ShedLock may keep this key on purpose after its job ended (lockAtLeastFor): released, the job can start again on another node before that time</source>
        <translation>ShedLock 可能在任务结束后有意保留此键（lockAtLeastFor）：释放后，该任务可能在那之前就在另一节点上再次启动</translation>
    </message>
</context>
<context>
    <name>SidekiqUniqueJobsRecognizer</name>
    <message>
        <source>uniquejobs:&lt;digest&gt; with its :LOCKED hash: a sidekiq-unique-jobs uniqueness lock</source>
        <translation>uniquejobs:&lt;digest&gt; 及其 :LOCKED 哈希：sidekiq-unique-jobs 唯一性锁</translation>
    </message>
    <message>
        <source>job %1 holds it since %2 s ago; while it does, the same job is not queued or run again</source>
        <translation>任务 %1 自 %2 秒前持有它；在此期间，同一任务不会再次入队或运行</translation>
    </message>
    <message>
        <source>%1 token(s) queued for the jobs waiting on it</source>
        <translation>为等待它的任务排队了 %1 个令牌</translation>
    </message>
    <message>
        <source>no TTL (lock_ttl nil, the default): if its job died without unlocking, only a release or the gem&apos;s reaper frees it</source>
        <translation>没有 TTL（lock_ttl 为 nil，默认值）：如果其任务未解锁就已终止，只有释放或该 gem 的 reaper 才能解开它</translation>
    </message>
    <message>
        <source>released the way the gem unlocks: the digest, its :LOCKED, :INFO and queue entries and its place in uniquejobs:digests go; a job still running is then no longer unique</source>
        <translation>按该 gem 的解锁方式释放：摘要键、其 :LOCKED、:INFO、队列条目以及在 uniquejobs:digests 中的位置都会删除；仍在运行的任务从此不再唯一</translation>
    </message>
</context>
<context>
    <name>SimpleLockFormats</name>
    <message>
        <source>&lt;prefix&gt;:&lt;queue&gt;:&lt;job&gt;:lock holding &lt;worker&gt;:&lt;n&gt;: a BullMQ job lock</source>
        <translation>&lt;prefix&gt;:&lt;queue&gt;:&lt;job&gt;:lock 存放 &lt;worker&gt;:&lt;n&gt;：BullMQ 任务锁</translation>
    </message>
    <message>
        <source>job %1 of queue %2 is being processed by worker %3</source>
        <translation>队列 %2 的任务 %1 正由 worker %3 处理</translation>
    </message>
    <message>
        <source>BullMQ will treat this job as stalled: it goes back to wait (or to failed) and may run twice while its worker is still processing it</source>
        <translation>BullMQ 会把这个任务当作停滞：它回到等待（或失败）状态，在其 worker 仍在处理时可能被执行两次</translation>
    </message>
    <message>
        <source>lock.&lt;name&gt; holding an epoch-ms expiry, with a TTL: the npm redis-lock package</source>
        <translation>lock.&lt;name&gt; 存放以毫秒计的过期时间并带 TTL：npm 的 redis-lock 包</translation>
    </message>
    <message>
        <source>php-malkusch-lock:&lt;name&gt; holding a 64-hex token: php-lock/lock</source>
        <translation>php-malkusch-lock:&lt;name&gt; 存放 64 位十六进制令牌：php-lock/lock</translation>
    </message>
    <message>
        <source>lock:&lt;name&gt; holding a 24-character base64 id: python-redis-lock</source>
        <translation>lock:&lt;name&gt; 存放 24 个字符的 base64 标识：python-redis-lock</translation>
    </message>
    <message>
        <source>no TTL (expire=None, the default): this lock never expires by itself; if its holder is gone, only a release frees it</source>
        <translation>没有 TTL（expire=None，默认值）：此锁永远不会自行过期；如果持有者已不在，只有释放才能解开它</translation>
    </message>
    <message>
        <source>waiters block on %1 (BLPOP); CLIENT LIST counts them with every other blocked pop on this node</source>
        <translation>等待者阻塞在 %1 上（BLPOP）；CLIENT LIST 把它们与此节点上其他阻塞弹出一起计数</translation>
    </message>
    <message>
        <source>a wake-up signal is pending on %1: the next waiter takes it without blocking</source>
        <translation>%1 上有一个未被取走的唤醒信号：下一个等待者会不阻塞地取走它</translation>
    </message>
    <message>
        <source>redlock:&lt;resource&gt; holding a UUID: RedLock.net or pottery (same layout, same release)</source>
        <translation>redlock:&lt;resource&gt; 存放 UUID：RedLock.net 或 pottery（布局相同，释放方式相同）</translation>
    </message>
    <message>
        <source>&lt;prefix&gt;:&lt;queue&gt;:&lt;job&gt;:lock holding the queue&apos;s UUID: a Bull (v3) job lock</source>
        <translation>&lt;prefix&gt;:&lt;queue&gt;:&lt;job&gt;:lock 存放队列的 UUID：Bull（v3）任务锁</translation>
    </message>
    <message>
        <source>job %1 of queue %2 is being processed</source>
        <translation>队列 %2 的任务 %1 正在处理中</translation>
    </message>
    <message>
        <source>Bull will treat this job as stalled: it goes back to wait (or to failed) and may run twice while its worker is still processing it</source>
        <translation>Bull 会把这个任务当作停滞：它回到等待（或失败）状态，在其 worker 仍在处理时可能被执行两次</translation>
    </message>
    <message>
        <source>rq:scheduler-lock:&lt;queue&gt; holding a process id: the RQ scheduler of that queue</source>
        <translation>rq:scheduler-lock:&lt;queue&gt; 存放进程号：该队列的 RQ 调度器</translation>
    </message>
    <message>
        <source>the scheduler of queue %1 holds it; the value is its process id (the host is not stored)</source>
        <translation>队列 %1 的调度器持有它；值是其进程号（未记录主机）</translation>
    </message>
    <message>
        <source>qo_&lt;task&gt;_&lt;args&gt; holding a redis-py token: a celery-once task lock</source>
        <translation>qo_&lt;task&gt;_&lt;args&gt; 存放 redis-py 令牌：celery-once 任务锁</translation>
    </message>
    <message>
        <source>task %1 is queued or running; another one is refused (AlreadyQueued)</source>
        <translation>任务 %1 已排队或正在运行；再次提交会被拒绝（AlreadyQueued）</translation>
    </message>
    <message>
        <source>SINGLETONLOCK_&lt;md5&gt; holding a task id: a celery-singleton task lock</source>
        <translation>SINGLETONLOCK_&lt;md5&gt; 存放任务 ID：celery-singleton 任务锁</translation>
    </message>
    <message>
        <source>no TTL (lock_expiry not set): if the task&apos;s worker died, this lock stays until released</source>
        <translation>没有 TTL（未设置 lock_expiry）：如果任务的 worker 已退出，此锁会一直保留直到被释放</translation>
    </message>
    <message>
        <source>redbeat::lock holding a redis-py token: the celery-redbeat leader lock</source>
        <translation>redbeat::lock 存放 redis-py 令牌：celery-redbeat 的主节点锁</translation>
    </message>
    <message>
        <source>the celery beat process holding it is the one that sends due tasks</source>
        <translation>持有它的 celery beat 进程负责发送到期任务</translation>
    </message>
    <message>
        <source>another beat process may take over while this one still runs: due tasks can be sent twice</source>
        <translation>在此进程仍在运行时，另一个 beat 进程可能接管：到期任务可能被发送两次</translation>
    </message>
    <message>
        <source>activejob_uniqueness:&lt;job&gt;:&lt;digest&gt; holding a UUID: an activejob-uniqueness job lock</source>
        <translation>activejob_uniqueness:&lt;job&gt;:&lt;digest&gt; 存放 UUID：activejob-uniqueness 任务锁</translation>
    </message>
    <message>
        <source>a job with these arguments is queued or running: %1</source>
        <translation>带有这些参数的任务已排队或正在运行：%1</translation>
    </message>
    <message>
        <source>resque_scheduler_master_lock holding &lt;host&gt;:&lt;pid&gt;: the resque-scheduler master lock</source>
        <translation>resque_scheduler_master_lock 存放 &lt;host&gt;:&lt;pid&gt;：resque-scheduler 的主锁</translation>
    </message>
    <message>
        <source>another scheduler may become master while this one still runs: delayed jobs can be queued twice</source>
        <translation>在此调度器仍在运行时，另一个调度器可能成为主节点：延迟任务可能被排队两次</translation>
    </message>
    <message>
        <source>resque_scheduler_leader_lock holding a scheduler name: the node-resque leader lock</source>
        <translation>resque_scheduler_leader_lock 存放调度器名称：node-resque 的主节点锁</translation>
    </message>
    <message>
        <source>asynq:{&lt;queue&gt;}:unique:&lt;type&gt;:&lt;md5&gt; holding a task id: an asynq uniqueness lock</source>
        <translation>asynq:{&lt;queue&gt;}:unique:&lt;type&gt;:&lt;md5&gt; 存放任务 ID：asynq 唯一性锁</translation>
    </message>
    <message>
        <source>task %1 in queue %2 is unique: another enqueue is refused</source>
        <translation>队列 %2 中的任务 %1 是唯一的：再次入队会被拒绝</translation>
    </message>
    <message>
        <source>{hangfire}:&lt;resource&gt; holding a process GUID, with a TTL: a Hangfire distributed lock</source>
        <translation>{hangfire}:&lt;resource&gt; 存放进程 GUID，带 TTL：Hangfire 分布式锁</translation>
    </message>
    <message>
        <source>an md5 key holding 20 random URL-safe characters, with a TTL: a Yii redis Mutex</source>
        <translation>md5 形式的键存放 20 个随机 URL 安全字符，带 TTL：Yii redis Mutex</translation>
    </message>
    <message>
        <source>Yii stores only the md5 of the mutex name: the application knows which one it is</source>
        <translation>Yii 只存储互斥锁名称的 md5：只有应用知道它是哪一个</translation>
    </message>
    <message>
        <source>exq:unique:&lt;token&gt; holding a job id: an Exq uniqueness lock</source>
        <translation>exq:unique:&lt;token&gt; 存放任务 ID：Exq 唯一性锁</translation>
    </message>
    <message>
        <source>a key named lock holding a UUID, with a TTL: the quartz-redis-jobstore lock (Java)</source>
        <translation>名为 lock 的键存放 UUID，带 TTL：quartz-redis-jobstore 的锁（Java）</translation>
    </message>
    <message>
        <source>a Quartz scheduler is changing its jobs and triggers; the others wait for this lock</source>
        <translation>一个 Quartz 调度器正在修改它的任务和触发器；其他调度器等待此锁</translation>
    </message>
    <message>
        <source>another Quartz scheduler may change the job store while this one still does: a trigger can fire twice</source>
        <translation>在此调度器仍在修改时，另一个 Quartz 调度器可能同时修改任务存储：触发器可能触发两次</translation>
    </message>
    <message>
        <source>20 random bytes (not text) with a TTL under a lock-like name: an rslock / redlock-rs lock (Rust)</source>
        <translation>锁类名称下的 20 个随机字节（非文本），带 TTL：rslock / redlock-rs 锁（Rust）</translation>
    </message>
    <message>
        <source>possibly an rslock / redlock-rs lock: 20 random bytes with a TTL, though the name does not say lock (a cached binary digest can look the same)</source>
        <translation>可能是 rslock / redlock-rs 锁：20 个随机字节，带 TTL，但名称并未表明是锁（缓存的二进制摘要看起来也一样）</translation>
    </message>
    <message>
        <source>a 44-character base64 token with a TTL under a lock-like name: Symfony Lock before 5.2 (PHP)</source>
        <translation>锁类名称下的 44 字符 base64 令牌，带 TTL：5.2 之前的 Symfony Lock（PHP）</translation>
    </message>
    <message>
        <source>possibly a Symfony Lock (before 5.2): a 44-character base64 token with a TTL, though the name does not say lock (a stored secret can look the same)</source>
        <translation>可能是 Symfony Lock（5.2 之前）：44 字符 base64 令牌，带 TTL，但名称并未表明是锁（存储的密钥看起来也一样）</translation>
    </message>
    <message>
        <source>&lt;key&gt;:lock holding the base64 of a UUIDv1 minted recently: node-redis-warlock</source>
        <translation>&lt;key&gt;:lock 存放近期生成的 UUIDv1 的 base64：node-redis-warlock</translation>
    </message>
    <message>
        <source>@simple-redis-mutex:lock-&lt;name&gt; holding Math.random(): simple-redis-mutex</source>
        <translation>@simple-redis-mutex:lock-&lt;name&gt; 存放 Math.random()：simple-redis-mutex</translation>
    </message>
    <message>
        <source>medusa_lock:&lt;key&gt; holding its owner: @medusajs/locking-redis</source>
        <translation>medusa_lock:&lt;key&gt; 存放其所有者：@medusajs/locking-redis</translation>
    </message>
    <message>
        <source>no TTL (taken without an expire): held until its owner releases it</source>
        <translation>没有 TTL（获取时未指定过期时间）：一直持有到其所有者释放</translation>
    </message>
    <message>
        <source>chat-sdk:lock:&lt;thread&gt; holding redis_&lt;ms&gt;_&lt;random&gt;: the Chat SDK&apos;s Redis state adapter</source>
        <translation>chat-sdk:lock:&lt;thread&gt; 存放 redis_&lt;ms&gt;_&lt;random&gt;：Chat SDK 的 Redis 状态适配器</translation>
    </message>
    <message>
        <source>thread %1 is being handled</source>
        <translation>会话 %1 正在处理中</translation>
    </message>
    <message>
        <source>leader:&lt;sha1 of the key&gt; holding a UUID: the redis-leader leader election</source>
        <translation>leader:&lt;键的 sha1&gt; 存放 UUID：redis-leader 的主节点选举</translation>
    </message>
    <message>
        <source>the leader of an election whose key hashes to %1 (the key itself is not in Redis)</source>
        <translation>键的哈希为 %1 的选举中的主节点（键本身不在 Redis 中）</translation>
    </message>
    <message>
        <source>leader:&lt;sha1&gt; holding leader:&lt;sha1&gt;: the safe-redis-leader leader election</source>
        <translation>leader:&lt;sha1&gt; 存放 leader:&lt;sha1&gt;：safe-redis-leader 的主节点选举</translation>
    </message>
    <message>
        <source>&quot;leader: &lt;sha1&gt;&quot; holding &quot;leader: &lt;sha1&gt;&quot;: the ts-safe-redis-leader leader election</source>
        <translation>&quot;leader: &lt;sha1&gt;&quot; 存放 &quot;leader: &lt;sha1&gt;&quot;：ts-safe-redis-leader 的主节点选举</translation>
    </message>
    <message>
        <source>redis-promise-lock:&lt;name&gt; holding {&quot;lockedSince&quot;:...}: redis-promise-lock</source>
        <translation>redis-promise-lock:&lt;name&gt; 存放 {&quot;lockedSince&quot;:...}：redis-promise-lock</translation>
    </message>
    <message>
        <source>no TTL (ttl 0): this lock never expires by itself; if its holder is gone, only a release frees it</source>
        <translation>没有 TTL（ttl 为 0）：此锁永远不会自行过期；如果持有者已不在，只有释放才能解开它</translation>
    </message>
</context>
<context>
    <name>SpringIntegrationRecognizer</name>
    <message>
        <source>&lt;registry&gt;:&lt;lock&gt; keys holding one shared UUID: Spring Integration RedisLockRegistry</source>
        <translation>多个 &lt;registry&gt;:&lt;lock&gt; 键存放同一个 UUID：Spring Integration RedisLockRegistry</translation>
    </message>
    <message>
        <source>its registry instance (client id %1) was seen holding several locks here</source>
        <translation>它的注册表实例（客户端 ID %1）曾被看到在此持有多把锁</translation>
    </message>
    <message>
        <source>its registry instance (client id %1) holds %2 lock(s) in all here: also %3</source>
        <translation>它的注册表实例（客户端 ID %1）在此共持有 %2 把锁：还有 %3</translation>
    </message>
</context>
<context>
    <name>StatusTexts</name>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Unreachable</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>Live: keyspace notifications</source>
        <translation>实时：键空间通知</translation>
    </message>
    <message>
        <source>Live: partial notifications, polling</source>
        <translation>实时：部分通知，轮询</translation>
    </message>
    <message>
        <source>Live: polling (notifications off)</source>
        <translation>实时：轮询（通知已关闭）</translation>
    </message>
    <message>
        <source>Live: polling (notifications unknown)</source>
        <translation>实时：轮询（通知状态未知）</translation>
    </message>
    <message>
        <source>The server publishes keyspace notifications (notify-keyspace-events &quot;%1&quot;): lock changes are seen as they happen.</source>
        <translation>服务器发布键空间通知（notify-keyspace-events &quot;%1&quot;）：锁的变化会即时显示。</translation>
    </message>
    <message>
        <source>notify-keyspace-events is &quot;%1&quot;: some lock events are not published, so LockScope also polls. &quot;%2&quot; adds the classes it reads.</source>
        <translation>notify-keyspace-events 为 &quot;%1&quot;：部分锁事件不会发布，因此 LockScope 还会轮询。&quot;%2&quot; 会加上它读取的事件类别。</translation>
    </message>
    <message>
        <source>Keyspace notifications are off on this server: LockScope polls for lock changes. CONFIG SET notify-keyspace-events %1 turns on the ones it reads.</source>
        <translation>此服务器关闭了键空间通知：LockScope 通过轮询发现锁的变化。执行 CONFIG SET notify-keyspace-events %1 可开启它读取的通知。</translation>
    </message>
    <message>
        <source>The server refused CONFIG GET, so LockScope cannot tell whether keyspace notifications are on, and polls.</source>
        <translation>服务器拒绝了 CONFIG GET，LockScope 无法判断键空间通知是否开启，因此使用轮询。</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>retrying in %1 s (attempt %2)</source>
        <translation>%1 秒后重试（第 %2 次尝试）</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Live: polling every %1 (notifications off)</source>
        <translation>实时：每 %1 轮询一次（通知已关闭）</translation>
    </message>
    <message>
        <source>standalone</source>
        <translation>单机</translation>
    </message>
    <message>
        <source>sentinel master %1</source>
        <translation>哨兵主节点 %1</translation>
    </message>
    <message>
        <source>cluster, 1 master</source>
        <translation>集群，1 个主节点</translation>
    </message>
    <message>
        <source>cluster, %1 masters</source>
        <translation>集群，%1 个主节点</translation>
    </message>
    <message>
        <source>sentinel master</source>
        <translation>哨兵主节点</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>not retried until the credentials change</source>
        <translation>凭据更改前不再重试</translation>
    </message>
</context>
<context>
    <name>StressEngine</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>SymfonyLockRecognizer</name>
    <message>
        <source>a sorted set of 44-character tokens with __write__: a Symfony Lock held exclusively</source>
        <translation>含 __write__ 的 44 字符令牌有序集合：以独占方式持有的 Symfony Lock</translation>
    </message>
    <message>
        <source>a sorted set of 44-character tokens scored by expiry: a Symfony Lock held shared (read)</source>
        <translation>按过期时间排序的 44 字符令牌有序集合：以共享（读）方式持有的 Symfony Lock</translation>
    </message>
    <message>
        <source>%1 holder(s) past their expiry: Symfony removes them at the next save, and they no longer count</source>
        <translation>%1 个持有者已过期：Symfony 会在下次保存时移除它们，它们已不再计数</translation>
    </message>
</context>
<context>
    <name>SymfonySemaphoreRecognizer</name>
    <message>
        <source>{name}:weight and {name}:time sorted sets of 44-character tokens: a Symfony Semaphore</source>
        <translation>由 44 字符令牌组成的 {name}:weight 和 {name}:time 有序集合：Symfony 信号量</translation>
    </message>
    <message>
        <source>%1 permit(s) held; the limit lives in the clients, not in Redis</source>
        <translation>已持有 %1 个许可；上限存在于客户端，而不在 Redis 中</translation>
    </message>
</context>
<context>
    <name>TokenLockRecognizer</name>
    <message>
        <source>32 hex token with a lockscope:fence counter: LockScope token lock</source>
        <translation>32 位十六进制令牌，带 lockscope:fence 计数器：LockScope 令牌锁</translation>
    </message>
    <message>
        <source>mutex:&lt;name&gt; holding a UUIDv4: redis-semaphore (node) Mutex</source>
        <translation>mutex:&lt;name&gt; 存放 UUIDv4：redis-semaphore（node）Mutex</translation>
    </message>
    <message>
        <source>uuid1().hex minted %1 s ago: redis-py Lock</source>
        <translation>%1 秒前生成的 uuid1().hex：redis-py Lock</translation>
    </message>
    <message>
        <source>uuid1().hex minted %1 s ago: redis-py Lock (no TTL: timeout=None)</source>
        <translation>%1 秒前生成的 uuid1().hex：redis-py Lock（没有 TTL：timeout=None）</translation>
    </message>
    <message>
        <source>32 hex chars without a TTL under a lock-like name: a token lock</source>
        <translation>像锁的名称下存着 32 个十六进制字符且没有 TTL：令牌锁</translation>
    </message>
    <message>
        <source>20 alphanumeric chars under a lock-like name: redis-plus-plus RedMutex</source>
        <translation>像锁的名称下存着 20 个字母数字字符：redis-plus-plus RedMutex</translation>
    </message>
    <message>
        <source>a random-looking token under a lock-like name with a TTL: a SET NX token lock</source>
        <translation>像锁的名称下存着看似随机的令牌并带 TTL：SET NX 令牌锁</translation>
    </message>
    <message>
        <source>a random-looking token under a lock-like name: a SET NX token lock</source>
        <translation>像锁的名称下存着看似随机的令牌：SET NX 令牌锁</translation>
    </message>
    <message>
        <source>32 random hex digits</source>
        <translation>32 个随机十六进制数字</translation>
    </message>
    <message>
        <source>a UUID</source>
        <translation>一个 UUID</translation>
    </message>
    <message>
        <source>24 characters of padded base64</source>
        <translation>24 个字符的带填充 base64</translation>
    </message>
    <message>
        <source>24 characters of base64</source>
        <translation>24 个字符的 base64</translation>
    </message>
    <message>
        <source>22 URL-safe base64 characters</source>
        <translation>22 个 URL 安全的 base64 字符</translation>
    </message>
    <message>
        <source>20 random alphanumerics</source>
        <translation>20 个随机字母数字</translation>
    </message>
    <message>
        <source>possibly a lock: %1 with a TTL, though the name does not say lock (a session or cache entry can look the same)</source>
        <translation>可能是锁：带 TTL 的%1，但名称不像锁（会话或缓存条目也可能是这样）</translation>
    </message>
    <message>
        <source>24 characters of base64 ending in == under a lock-like name: redsync (Go)</source>
        <translation>像锁的名称下存着以 == 结尾的 24 个 base64 字符：redsync（Go）</translation>
    </message>
    <message>
        <source>22 URL-safe base64 characters under a lock-like name: bsm/redislock (Go)</source>
        <translation>像锁的名称下存着 22 个 URL 安全的 base64 字符：bsm/redislock（Go）</translation>
    </message>
    <message>
        <source>a 22-character URL-safe token and metadata %1 under a lock-like name: bsm/redislock (Go)</source>
        <translation>像锁的名称下存着 22 个字符的 URL 安全令牌和元数据 %1：bsm/redislock（Go）</translation>
    </message>
    <message>
        <source>16 letters under a lock-like name: go-zero RedisLock (Go)</source>
        <translation>像锁的名称下存着 16 个字母：go-zero RedisLock（Go）</translation>
    </message>
    <message>
        <source>&lt;node&gt;:&lt;epoch ms&gt;:&lt;16 hex&gt; under a lock-like name: redlock-universal with metadata</source>
        <translation>像锁的名称下存着 &lt;node&gt;:&lt;epoch ms&gt;:&lt;16 hex&gt;：带元数据的 redlock-universal</translation>
    </message>
    <message>
        <source>16 random alphanumerics under a lock-like name: a token lock (Laravel writes these under its cache prefix)</source>
        <translation>像锁的名称下存着 16 个随机字母数字：令牌锁（Laravel 在其缓存前缀下这样写）</translation>
    </message>
    <message>
        <source>one lock over %1 keys, all holding this value (node-redlock v5, bsm/redislock ObtainMulti): also %2</source>
        <translation>一把锁覆盖 %1 个键，它们都存放这个值（node-redlock v5、bsm/redislock ObtainMulti）：还有 %2</translation>
    </message>
    <message>
        <source>one random token with a TTL on %1 keys: a lock taken over several keys at once</source>
        <translation>%1 个键存放同一个带 TTL 的随机令牌：一次性覆盖多个键的锁</translation>
    </message>
    <message>
        <source>22 characters of standard base64 (with + or /) under a lock-like name: @redis-kit/lock</source>
        <translation>像锁的名称下存着 22 个标准 base64 字符（含 + 或 /）：@redis-kit/lock</translation>
    </message>
    <message>
        <source>22 letters and digits under a lock-like name: a guess between bsm/redislock (Go), @redis-kit/lock (Node) and redlock-py (Python), which all write this shape</source>
        <translation>像锁的名称下存着 22 个字母和数字：只是猜测，bsm/redislock（Go）、@redis-kit/lock（Node）和 redlock-py（Python）都写这种形式</translation>
    </message>
    <message>
        <source>32 random hex digits with a TTL under a lock-like name: a guess; node-redlock v4/v5 and its forks (@sesamecare-oss/redlock, redlock2, redlock-temp-fix) and redlock-universal all write this shape, and the value cannot say which (redis-py&apos;s uuid1 values would carry a timestamp)</source>
        <translation>像锁的名称下存着 32 个随机十六进制数字并带 TTL：只是猜测；node-redlock v4/v5 及其分支（@sesamecare-oss/redlock、redlock2、redlock-temp-fix）和 redlock-universal 都写这种形式，值本身无法说明是哪一个（redis-py 的 uuid1 值会带有时间戳）</translation>
    </message>
    <message>
        <source>a UUIDv1 under a lock-like name: a guess; redislock and ioredis-lock (Node) write these, and so do hand-written locks</source>
        <translation>像锁的名称下存着 UUIDv1：只是猜测；redislock 和 ioredis-lock（Node）会写这种值，手写的锁也会</translation>
    </message>
    <message>
        <source>a UUID under a lock-like name: a guess; @upstash/lock, murlock, @microfleet/ioredis-lock, nestjs-simple-redis-lock (Node), Spring Integration, redlock-rb, aioredlock and hand-written locks all write this shape</source>
        <translation>像锁的名称下存着 UUID：只是猜测；@upstash/lock、murlock、@microfleet/ioredis-lock、nestjs-simple-redis-lock（Node）、Spring Integration、redlock-rb、aioredlock 以及手写的锁都写这种形式</translation>
    </message>
    <message>
        <source>one 32-hex token with a TTL on %1 keys: a node-redlock lock over several resources (node-redlock v4/v5 or a fork of it)</source>
        <translation>%1 个键存放同一个带 TTL 的 32 位十六进制令牌：覆盖多个资源的 node-redlock 锁（node-redlock v4/v5 或其分支）</translation>
    </message>
</context>
<context>
    <name>UserPatternRecognizer</name>
    <message>
        <source>user pattern &apos;%1&apos;</source>
        <translation>用户模式“%1”</translation>
    </message>
    <message>
        <source>its timestamp has passed</source>
        <translation>它的时间戳已过</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ConnectionManagerDialog</name>
    <message>
        <source>Unnamed connection</source>
        <translation>未命名连接</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>复制(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Add a connection</source>
        <translation>添加连接</translation>
    </message>
    <message>
        <source>Add a copy of the selected connection</source>
        <translation>添加所选连接的副本</translation>
    </message>
    <message>
        <source>Remove the selected connection (and its saved password)</source>
        <translation>删除所选连接（及其保存的密码）</translation>
    </message>
    <message>
        <source>Connect once with these settings and show what answers</source>
        <translation>用这些设置连接一次并显示服务器的响应</translation>
    </message>
    <message>
        <source>Sandbox (built-in)</source>
        <translation>沙盒（内置）</translation>
    </message>
    <message>
        <source>A private redis-server that LockScope starts on this computer (127.0.0.1 only) and stops when it quits. Nothing in it is kept: a safe place to try admin actions and the sample locks.</source>
        <translation>LockScope 在本机启动的私有 redis-server（仅监听 127.0.0.1），退出时停止。其中的数据不会保留：可以放心尝试管理操作和示例锁。</translation>
    </message>
    <message>
        <source>Production: admin actions ask for the lock&apos;s name</source>
        <translation>生产环境：管理操作需要输入锁名</translation>
    </message>
    <message>
        <source>Read-only: no admin actions</source>
        <translation>只读：不可执行管理操作</translation>
    </message>
    <message>
        <source>A private redis-server started by LockScope</source>
        <translation>由 LockScope 启动的私有 redis-server</translation>
    </message>
    <message>
        <source>Saved in the system keyring, never in LockScope&apos;s settings. Without a keyring it is asked for when connecting and kept in memory only.</source>
        <translation>保存在系统密钥环中，绝不写入 LockScope 的设置。没有密钥环时，连接时询问密码，且只保存在内存中。</translation>
    </message>
    <message>
        <source>No system keyring (%1): the password is asked for when connecting and kept in memory until LockScope quits.</source>
        <translation>没有系统密钥环（%1）：连接时询问密码，并在 LockScope 退出前只保存在内存中。</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>新连接</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Remove Connection</source>
        <translation>删除连接</translation>
    </message>
    <message>
        <source>Remove the connection “%1” and its saved password?</source>
        <translation>删除连接“%1”及其保存的密码？</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>No password given.</source>
        <translation>未提供密码。</translation>
    </message>
    <message>
        <source>✔ Connected: %1</source>
        <translation>✔ 已连接：%1</translation>
    </message>
    <message>
        <source>✘ %1</source>
        <translation>✘ %1</translation>
    </message>
    <message>
        <source>This LockScope was started without a sandbox.</source>
        <translation>此 LockScope 启动时没有沙盒。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ConnectionProfileForm</name>
    <message>
        <source>Required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Verify the server&apos;s certificate</source>
        <translation>验证服务器证书</translation>
    </message>
    <message>
        <source>Read-only (no admin actions)</source>
        <translation>只读（不可执行管理操作）</translation>
    </message>
    <message>
        <source>Production (type the lock&apos;s name to confirm admin actions)</source>
        <translation>生产环境（管理操作需输入锁名确认）</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>e.g. Orders (staging)</source>
        <translation>例如：订单（预发布）</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&lt;p&gt;redis://[user@]host[:port][/db] — a standalone server, or any node of a cluster (the other masters are found by themselves)&lt;br&gt;rediss://… — the same over TLS&lt;br&gt;unix:///path/to/redis.sock[?db=N]&lt;br&gt;redis+sentinel://host:port[,host:port…]/master[/db] — the master a sentinel names&lt;/p&gt;</source>
        <translation>&lt;p&gt;redis://[user@]host[:port][/db] — 单机服务器，或集群的任一节点（其他主节点会自动发现）&lt;br&gt;rediss://… — 同上，使用 TLS&lt;br&gt;unix:///path/to/redis.sock[?db=N]&lt;br&gt;redis+sentinel://host:port[,host:port…]/master[/db] — 哨兵指定的主节点&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL：</translation>
    </message>
    <message>
        <source>As in the URL</source>
        <translation>与 URL 中相同</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D)：</translation>
    </message>
    <message>
        <source>As in the URL, or none (default user)</source>
        <translation>与 URL 中相同，或不指定（默认用户）</translation>
    </message>
    <message>
        <source>U&amp;ser:</source>
        <translation>用户(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>TLS (rediss:// URLs)</source>
        <translation>TLS（rediss:// URL）</translation>
    </message>
    <message>
        <source>The system&apos;s trusted certificates</source>
        <translation>系统信任的证书</translation>
    </message>
    <message>
        <source>CA certificates:</source>
        <translation>CA 证书：</translation>
    </message>
    <message>
        <source>CA Certificates</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>客户端证书：</translation>
    </message>
    <message>
        <source>Client Certificate</source>
        <translation>客户端证书</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>客户端私钥：</translation>
    </message>
    <message>
        <source>Client Key</source>
        <translation>客户端私钥</translation>
    </message>
    <message>
        <source>The host in the URL</source>
        <translation>URL 中的主机</translation>
    </message>
    <message>
        <source>Server name:</source>
        <translation>服务器名称：</translation>
    </message>
    <message>
        <source>Turn off only for test servers: anyone on the way could pose as the server.</source>
        <translation>仅对测试服务器关闭：否则通信路径上的任何人都可以冒充服务器。</translation>
    </message>
    <message>
        <source>Monitoring and safety</source>
        <translation>监控与安全</translation>
    </message>
    <message>
        <source>One glob per line, e.g. locks:*
Empty: every key, recognised by format</source>
        <translation>每行一个通配模式，例如 locks:*
留空：所有键，按格式识别</translation>
    </message>
    <message>
        <source>Only keys matching these patterns are listed, and they count as locks even in a format LockScope does not know.</source>
        <translation>只列出匹配这些模式的键；即使 LockScope 不认识其格式，它们也被视为锁。</translation>
    </message>
    <message>
        <source>Lock &amp;keys:</source>
        <translation>锁键(&amp;K)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How often the locks are listed again on servers without keyspace notifications.</source>
        <translation>在没有键空间通知的服务器上，重新列出锁的间隔。</translation>
    </message>
    <message>
        <source>Poll &amp;every:</source>
        <translation>轮询间隔(&amp;E)：</translation>
    </message>
    <message>
        <source>Unchanged (type to replace)</source>
        <translation>未更改（输入以替换）</translation>
    </message>
    <message>
        <source>None: the server asks for no password</source>
        <translation>无：服务器不要求密码</translation>
    </message>
    <message>
        <source>Record the lock history of this connection</source>
        <translation>记录此连接的锁历史</translation>
    </message>
    <message>
        <source>This profile&apos;s own file</source>
        <translation>此配置自己的文件</translation>
    </message>
    <message>
        <source>Empty: a file of this profile&apos;s own. A file path, or a team&apos;s shared database as postgresql://user@host/dbname (its password from PGPASSWORD or ~/.pgpass): the Lock History window and the statistics read it.</source>
        <translation>留空：此配置自己的文件。也可填文件路径，或团队共享的数据库 postgresql://user@host/dbname（密码取自 PGPASSWORD 或 ~/.pgpass）：锁历史窗口和统计数据从中读取。</translation>
    </message>
    <message>
        <source>History &amp;database:</source>
        <translation>历史数据库(&amp;D):</translation>
    </message>
    <message>
        <source>Alert when a lock looks stuck</source>
        <translation>锁疑似卡住时告警</translation>
    </message>
    <message>
        <source>Alert when a lock is force-released</source>
        <translation>锁被强制释放时告警</translation>
    </message>
    <message>
        <source>History and alerts</source>
        <translation>历史与告警</translation>
    </message>
    <message>
        <source>Every lock change goes into a database of this profile&apos;s own, for the timeline and the statistics. Alerts work without it.</source>
        <translation>每次锁变化都写入此配置自己的数据库，供时间线和统计使用。不记录时告警照常工作。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Alert when &amp;held longer than:</source>
        <translation>持有超过此时长时告警(&amp;H)：</translation>
    </message>
    <message>
        <source>Alert when more &amp;waiters than:</source>
        <translation>等待者多于此数时告警(&amp;W)：</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ConnectionStatusBar</name>
    <message>
        <source>Error: %1 — %2</source>
        <translation>错误：%1 — %2</translation>
    </message>
    <message>
        <source>No server</source>
        <translation>无服务器</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>This connection refuses every command that could write: admin actions are off.</source>
        <translation>此连接拒绝所有可能写入的命令：管理操作已关闭。</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Listing locks…</source>
        <translation>正在列出锁…</translation>
    </message>
    <message numerus="yes">
        <source>%n lock(s)</source>
        <translation>
            <numerusform>%n 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>Lock monitor: %1</source>
        <translation>锁监视器：%1</translation>
    </message>
    <message>
        <source>The lock monitor failed and retries by itself: %1</source>
        <translation>锁监视器出错，正在自动重试：%1</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ConnectionTester</name>
    <message>
        <source>Redis %1, %2, round trip %3</source>
        <translation>Redis %1，%2，往返 %3</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ContentionDemoView</name>
    <message>
        <source>Contention Demo — LockScope</source>
        <translation>争用演示 — LockScope</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <source>&amp;Run Scenario</source>
        <translation>运行场景(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;End</source>
        <translation>结尾(&amp;E)</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>Not connected: connect to a server or the sandbox first (File menu).</source>
        <translation>未连接：请先连接服务器或沙盒（“文件”菜单）。</translation>
    </message>
    <message>
        <source>%1 is read-only: the demos write lock keys, so they cannot run here.</source>
        <translation>%1 是只读连接：演示需要写入锁键，因此无法在此运行。</translation>
    </message>
    <message>
        <source>Runs with real clients against %1, at full speed: its leases expire in Redis, so pausing the story itself would change its outcome. The controls below replay the timeline it recorded. Its keys (lockscope:demo:…) show in the lock table while held.</source>
        <translation>以真实客户端全速运行于 %1：租约在 Redis 中真实过期，暂停故事本身会改变结果。下方控件回放它记录的时间线。持有期间，其键（lockscope:demo:…）会显示在锁表中。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Expected:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;预期：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>No steps yet</source>
        <translation>尚无步骤</translation>
    </message>
    <message>
        <source>Step %1 of %2%3</source>
        <translation>第 %1 步，共 %2 步%3</translation>
    </message>
    <message>
        <source> (still recording)</source>
        <translation>（仍在记录）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>The scenario could not run: %1</source>
        <translation>场景无法运行：%1</translation>
    </message>
    <message>
        <source>✔ Expected outcome reached: %1</source>
        <translation>✔ 已达到预期结果：%1</translation>
    </message>
    <message>
        <source>✘ Expected outcome NOT reached: %1</source>
        <translation>✘ 未达到预期结果：%1</translation>
    </message>
    <message>
        <source>Verdict: at the end of the replay</source>
        <translation>结论：回放结束时给出</translation>
    </message>
    <message>
        <source>Verdict: run the scenario to see it</source>
        <translation>结论：运行场景后可见</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::DemoStage</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>waits</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>holds the lock</source>
        <translation>持有锁</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>paused (GC)</source>
        <translation>已暂停（GC）</translation>
    </message>
    <message>
        <source>handoff</source>
        <translation>交接</translation>
    </message>
    <message>
        <source>takes over</source>
        <translation>接管</translation>
    </message>
    <message>
        <source>acquires</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>releases</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>deletes the key</source>
        <translation>删除键</translation>
    </message>
    <message>
        <source>believes it holds</source>
        <translation>以为自己持有</translation>
    </message>
    <message>
        <source>releases, asks again</source>
        <translation>释放后再次请求</translation>
    </message>
    <message>
        <source>lost: the lease had expired</source>
        <translation>失去：租约已过期</translation>
    </message>
    <message>
        <source>stale write rejected</source>
        <translation>过期写入被拒绝</translation>
    </message>
    <message>
        <source>stale write accepted!</source>
        <translation>过期写入被接受！</translation>
    </message>
    <message>
        <source>writes</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation>%1 已宕机</translation>
    </message>
    <message>
        <source>%1, paused</source>
        <translation>%1，已暂停</translation>
    </message>
    <message>
        <source>%1, crashed</source>
        <translation>%1，已崩溃</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>held by %1 at once!</source>
        <translation>同时被 %1 持有！</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>由 %1 持有</translation>
    </message>
    <message>
        <source>LOCK</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>PROTECTED RESOURCE</source>
        <translation>受保护的资源</translation>
    </message>
    <message>
        <source>(not read yet)</source>
        <translation>（尚未读取）</translation>
    </message>
    <message>
        <source>Run the scenario: its clients appear here, step by step.</source>
        <translation>运行场景：其客户端会逐步出现在这里。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::DemoWorker</name>
    <message>
        <source>There is no scenario named %1.</source>
        <translation>没有名为 %1 的场景。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::Fleet</name>
    <message>
        <source>%1 is open already (as %2): not opened twice.</source>
        <translation>%1 已经打开（名为 %2）：不会重复打开。</translation>
    </message>
    <message>
        <source>There is no saved connection with the id %1.</source>
        <translation>没有 ID 为 %1 的已保存连接。</translation>
    </message>
    <message>
        <source>The sandbox is open already (as %1): not opened twice.</source>
        <translation>沙盒已经打开（名为 %1）：不会重复打开。</translation>
    </message>
    <message>
        <source>The saved connection of %1 is gone.</source>
        <translation>%1 的已保存连接已不存在。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::FleetPanel</name>
    <message>
        <source>&amp;Remove Server</source>
        <translation>移除服务器(&amp;R)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Servers&lt;/b&gt;</source>
        <translation>&lt;b&gt;服务器&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&amp;Add Server</source>
        <translation>添加服务器(&amp;A)</translation>
    </message>
    <message>
        <source>Open another server beside these: a URL, a saved connection or the sandbox</source>
        <translation>在这些服务器之外再打开一个：URL、已保存的连接或沙盒</translation>
    </message>
    <message>
        <source>Close the selected server; the others keep running</source>
        <translation>关闭所选服务器；其他服务器继续运行</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返时间</translation>
    </message>
    <message>
        <source>Locks</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>By &amp;URL…</source>
        <translation>通过 URL(&amp;U)…</translation>
    </message>
    <message>
        <source>The &amp;Sandbox</source>
        <translation>沙盒(&amp;S)</translation>
    </message>
    <message>
        <source>Saved connections</source>
        <translation>已保存的连接</translation>
    </message>
    <message>
        <source>credentials refused: %1 (not retried until they change)</source>
        <translation>凭据被拒绝：%1（凭据更改前不再重试）</translation>
    </message>
    <message>
        <source>unreachable: %1 — reconnecting (attempt %2)</source>
        <translation>无法访问：%1 — 正在重新连接（第 %2 次尝试）</translation>
    </message>
    <message>
        <source>listing…</source>
        <translation>正在列出…</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>polling every %1 s</source>
        <translation>每 %1 秒轮询</translation>
    </message>
    <message>
        <source>monitor retrying: %1</source>
        <translation>监视器正在重试：%1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::GuiStartup</name>
    <message>
        <source>lockscope: sandbox redis-server at %1 (pid %2)</source>
        <translation>lockscope：沙盒 redis-server 位于 %1（pid %2）</translation>
    </message>
    <message>
        <source>lockscope: cannot start the sandbox: %1</source>
        <translation>lockscope：无法启动沙盒：%1</translation>
    </message>
    <message>
        <source>lockscope: signal %1 received, quitting</source>
        <translation>lockscope：收到信号 %1，正在退出</translation>
    </message>
    <message>
        <source>lockscope: cannot write the screenshot to %1</source>
        <translation>lockscope：无法将截图写入 %1</translation>
    </message>
    <message>
        <source>lockscope: screenshot saved to %1</source>
        <translation>lockscope：截图已保存到 %1</translation>
    </message>
    <message>
        <source>Cannot start the sandbox redis-server: %1
Use File › Connections… to open another server.</source>
        <translation>无法启动沙盒 redis-server：%1
请使用“文件 › 连接…”打开其他服务器。</translation>
    </message>
    <message>
        <source>lockscope: no screenshot: %1</source>
        <translation>lockscope：未保存截图：%1</translation>
    </message>
    <message>
        <source>lockscope: there is no saved connection named &apos;%1&apos;</source>
        <translation>lockscope：没有名为“%1”的已保存连接</translation>
    </message>
    <message>
        <source>lockscope: %1</source>
        <translation>lockscope：%1</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryAuditList</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Admin actions taken through LockScope on these locks, from every desk that shares this history</source>
        <translation>所有共享此历史记录的工作站通过 LockScope 对这些锁执行的管理操作</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryReader</name>
    <message>
        <source>Nothing recorded yet.</source>
        <translation>尚无记录。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryRecording</name>
    <message>
        <source>History is off in this connection&apos;s profile; alerts still work.</source>
        <translation>此连接的配置关闭了历史记录；告警照常工作。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryStatisticsPanel</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Click a lock in the timeline for its statistics.</source>
        <translation>在时间线中点击一把锁，查看它的统计信息。</translation>
    </message>
    <message>
        <source>Most contended</source>
        <translation>竞争最激烈</translation>
    </message>
    <message numerus="yes">
        <source>%n waiter(s)</source>
        <translation>
            <numerusform>%n 个等待者</numerusform>
        </translation>
    </message>
    <message>
        <source>Longest held</source>
        <translation>持有最久</translation>
    </message>
    <message>
        <source>Expired instead of released</source>
        <translation>过期而非释放</translation>
    </message>
    <message numerus="yes">
        <source>%n expiry(s)</source>
        <translation>
            <numerusform>%n 次过期</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryTimeline</name>
    <message>
        <source>%1 · %2</source>
        <comment>a timeline row: the server, then the lock&apos;s name</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Lock: %1</source>
        <translation>锁：%1</translation>
    </message>
    <message>
        <source>Holder: %1</source>
        <translation>持有者：%1</translation>
    </message>
    <message>
        <source>Fence: %1</source>
        <translation>栅栏令牌：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Held: %1</source>
        <translation>持有时长：%1</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>开始于 %1</translation>
    </message>
    <message>
        <source>Still held</source>
        <translation>仍被持有</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>Expired (the holder did not release it)</source>
        <translation>已过期（持有者没有释放它）</translation>
    </message>
    <message>
        <source>Force-released by an administrator</source>
        <translation>被管理员强制释放</translation>
    </message>
    <message>
        <source>Lost from sight (not watching)</source>
        <translation>未能观察到结束（当时未在监视）</translation>
    </message>
    <message>
        <source>No holds in this time range</source>
        <translation>此时间范围内没有持有记录</translation>
    </message>
    <message>
        <source>Fault injected at %1</source>
        <translation>%1 注入故障</translation>
    </message>
    <message>
        <source>Admin action at %1</source>
        <translation>%1 执行管理操作</translation>
    </message>
    <message>
        <source>Watched by polling every %1 (keyspace notifications were unavailable): changes were seen up to %1 late, and holds shorter than that may be missing.</source>
        <translation>轮询监视，间隔 %1（键空间通知不可用）：变化最多延迟 %1 才被看到，短于此间隔的持有可能缺失。</translation>
    </message>
    <message>
        <source>Force-released by %1</source>
        <translation>由 %1 强制释放</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::HistoryWindow</name>
    <message>
        <source>Find a lock by name or key</source>
        <translation>按名称或键查找锁</translation>
    </message>
    <message>
        <source>No recorded lock is named %1.</source>
        <translation>没有记录名为 %1 的锁。</translation>
    </message>
    <message numerus="yes">
        <source>%1 names %n recorded locks; find one by its key: %2</source>
        <translation>
            <numerusform>%1 对应 %n 个已记录的锁；请按键查找其中一个：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <source>Lock History</source>
        <translation>锁历史</translation>
    </message>
    <message>
        <source>Keep the timeline ending now; zooming or panning stops following</source>
        <translation>让时间线始终结束于当前时刻；缩放或平移会停止跟随</translation>
    </message>
    <message>
        <source>Connect to a server: its lock history is recorded and shown here.</source>
        <translation>连接到服务器后，它的锁历史会被记录并显示在这里。</translation>
    </message>
    <message>
        <source>History database: %1</source>
        <translation>历史数据库：%1</translation>
    </message>
    <message>
        <source>Not recording: %1</source>
        <translation>未在记录：%1</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockActionDialog</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>锁：</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>%1 (×%2, %3)</source>
        <translation>%1（×%2，%3）</translation>
    </message>
    <message>
        <source>client %1, thread %2 (×%3, %4)</source>
        <translation>客户端 %1，线程 %2（×%3，%4）</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>无人</translation>
    </message>
    <message>
        <source>Held by:</source>
        <translation>持有者：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>New TTL:</source>
        <translation>新 TTL：</translation>
    </message>
    <message>
        <source>This connection is marked &lt;b&gt;production&lt;/b&gt;. Type the lock&apos;s name to confirm:</source>
        <translation>此连接标记为&lt;b&gt;生产环境&lt;/b&gt;。请输入锁的名称以确认：</translation>
    </message>
    <message>
        <source>If Redis still holds exactly these holders and counts, the lock&apos;s hash is deleted and an unlock message is published so that a waiter wakes up and takes it. If anyone else holds it by then, nothing is touched. The holder is not told: it may go on believing it holds the lock.</source>
        <translation>如果 Redis 中的持有者和计数仍与显示的完全一致，则删除锁的哈希并发布解锁消息，唤醒一个等待者来获取它。如果届时已由他人持有，则不做任何改动。持有者不会收到通知：它可能仍以为自己持有锁。</translation>
    </message>
    <message>
        <source>If the key still holds the value shown, it is deleted; otherwise nothing is touched. The holder is not told: it may go on believing it holds the lock.</source>
        <translation>如果键的值仍与显示的一致，则删除它；否则不做任何改动。持有者不会收到通知：它可能仍以为自己持有锁。</translation>
    </message>
    <message>
        <source>If Redis still holds exactly these holders, the lease is set to %1 from now; otherwise nothing is touched.</source>
        <translation>如果 Redis 中的持有者仍与显示的完全一致，则把租约设为从现在起 %1；否则不做任何改动。</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiters whose deadline passed by the server&apos;s clock are removed (dead fair-queue heads, stale LockScope registrations). Live waiters keep their place.</source>
        <translation>按服务器时钟已过截止时间的等待者将被移除（公平队列队首的失效者、过期的 LockScope 登记）。存活的等待者保持原位。</translation>
    </message>
    <message>
        <source>Careful: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>Required on production, e.g. INC-4312: stuck after deploy</source>
        <translation>生产环境必填，例如 INC-4312: 部署后卡住</translation>
    </message>
    <message>
        <source>Optional, e.g. INC-4312: stuck after deploy</source>
        <translation>可选，例如 INC-4312: 部署后卡住</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>every holder (all permits)</source>
        <translation>所有持有者（全部许可）</translation>
    </message>
    <message>
        <source>Give back:</source>
        <translation>归还：</translation>
    </message>
    <message>
        <source>Yes, give back every holder&apos;s permits</source>
        <translation>是的，归还所有持有者的许可</translation>
    </message>
    <message>
        <source>Every holder&apos;s permits are given back, one holder at a time, the way the semaphore&apos;s library gives a permit back (waking a waiter where it does). A holder that let go meanwhile is skipped. The holders are not told: they may go on believing they hold a permit.</source>
        <translation>逐个持有者归还其许可，方式与该信号量所属库归还许可的方式相同（该库会唤醒等待者时也会唤醒）。在此期间已自行放弃的持有者会被跳过。持有者不会收到通知：它们可能仍以为自己持有许可。</translation>
    </message>
    <message>
        <source>If this holder still has its permits, they are given back the way the semaphore&apos;s library does it (waking a waiter where it does); otherwise nothing is touched. The holder is not told: it may go on believing it holds a permit.</source>
        <translation>如果该持有者仍拥有其许可，则按该信号量所属库的方式归还（该库会唤醒等待者时也会唤醒）；否则不做任何改动。持有者不会收到通知：它可能仍以为自己持有许可。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockActivityChart</name>
    <message>
        <source>Locks held</source>
        <translation>持有的锁</translation>
    </message>
    <message>
        <source>Acquired/s</source>
        <translation>获取/秒</translation>
    </message>
    <message>
        <source>Released/s</source>
        <translation>释放/秒</translation>
    </message>
    <message>
        <source>Expired/s</source>
        <translation>过期/秒</translation>
    </message>
    <message>
        <source>locks</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>per second</source>
        <translation>每秒</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockAdminWorker</name>
    <message numerus="yes">
        <source>… (%n item(s) in all, not all shown)</source>
        <translation>
            <numerusform>…（共 %n 项，未全部显示）</numerusform>
        </translation>
    </message>
    <message>
        <source>no connection to node %1</source>
        <translation>没有到节点 %1 的连接</translation>
    </message>
    <message>
        <source>nothing is known about this lock</source>
        <translation>对这把锁一无所知</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockDetailPane</name>
    <message>
        <source>Select a lock to see its holders, waiters, Redis keys and history.</source>
        <translation>选中一把锁，查看其持有者、等待者、Redis 键和历史。</translation>
    </message>
    <message>
        <source>%1 · %2 on %3</source>
        <translation>%1 · %2，位于 %3</translation>
    </message>
    <message>
        <source>Recognised with %1% confidence: %2</source>
        <translation>识别置信度 %1%：%2</translation>
    </message>
    <message>
        <source>Stuck:</source>
        <translation>卡住：</translation>
    </message>
    <message>
        <source>TTL: %1 (read at %2)</source>
        <translation>TTL：%1（读取于 %2）</translation>
    </message>
    <message>
        <source>Fencing token: %1</source>
        <translation>栅栏令牌：%1</translation>
    </message>
    <message>
        <source>Permits available: %1</source>
        <translation>可用许可：%1</translation>
    </message>
    <message>
        <source>Holders (%1)</source>
        <translation>持有者（%1）</translation>
    </message>
    <message>
        <source>Nobody holds it.</source>
        <translation>无人持有。</translation>
    </message>
    <message>
        <source>client UUID: %1</source>
        <translation>客户端 UUID：%1</translation>
    </message>
    <message>
        <source>thread: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>mode %1 · count %2</source>
        <translation>模式 %1 · 计数 %2</translation>
    </message>
    <message>
        <source> · expires %1</source>
        <translation> · 过期于 %1</translation>
    </message>
    <message>
        <source>Waiters (%1)</source>
        <translation>等待者（%1）</translation>
    </message>
    <message>
        <source>Redis counts them but cannot name them (unlock-channel subscribers are clients, not threads).</source>
        <translation>Redis 能计数但无法指名（解锁频道的订阅者是客户端，而非线程）。</translation>
    </message>
    <message>
        <source>No waiter that Redis can see.</source>
        <translation>没有 Redis 可见的等待者。</translation>
    </message>
    <message>
        <source>deadline %1</source>
        <translation>截止 %1</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无截止时间</translation>
    </message>
    <message>
        <source>(stale)</source>
        <translation>（已失效）</translation>
    </message>
    <message>
        <source>Redis keys</source>
        <translation>Redis 键</translation>
    </message>
    <message>
        <source>Reading their contents…</source>
        <translation>正在读取内容…</translation>
    </message>
    <message>
        <source>Cannot read the keys: %1</source>
        <translation>无法读取键：%1</translation>
    </message>
    <message>
        <source>%1, TTL %2</source>
        <translation>%1，TTL %2</translation>
    </message>
    <message>
        <source>History since the window opened</source>
        <translation>窗口打开以来的历史</translation>
    </message>
    <message>
        <source>No change seen yet (it was already there when listed).</source>
        <translation>尚未观察到变化（列出时它已存在）。</translation>
    </message>
    <message>
        <source>Hold statistics, last 24 hours</source>
        <translation>持有统计（最近 24 小时）</translation>
    </message>
    <message>
        <source>Reading the lock history…</source>
        <translation>正在读取锁历史…</translation>
    </message>
    <message>
        <source>History is off for this connection (Connections › History and alerts).</source>
        <translation>此连接未开启历史记录（连接 › 历史与告警）。</translation>
    </message>
    <message>
        <source>Cannot read the lock history: %1</source>
        <translation>无法读取锁历史：%1</translation>
    </message>
    <message>
        <source>No hold recorded yet.</source>
        <translation>尚未记录任何持有。</translation>
    </message>
    <message>
        <source>Possibly a lock: only its value&apos;s shape says so (the &quot;Possible locks&quot; box hides such keys).</source>
        <translation>可能是锁：只有其值的形状这样表明（“可能的锁”复选框可隐藏此类键）。</translation>
    </message>
    <message>
        <source>Before releasing:</source>
        <translation>释放之前：</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>由 %1 持有</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockEventLogModel</name>
    <message>
        <source>appeared</source>
        <translation>出现</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>管理</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockGoToDialog</name>
    <message>
        <source>Go to Lock</source>
        <translation>转到锁</translation>
    </message>
    <message>
        <source>The lock&apos;s &amp;name (as its library names it) or one of its Redis keys:</source>
        <translation>锁的名称(&amp;N)（按其库的命名）或它的某个 Redis 键：</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>No lock listed is named %1 or has it as its Redis key.</source>
        <translation>列出的锁中没有名为 %1 的，也没有以它为 Redis 键的。</translation>
    </message>
    <message>
        <source>key %1 — %2 (%3) on %4</source>
        <translation>键 %1 — %2（%3），位于 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n locks have this name or key: choose one.</source>
        <translation>
            <numerusform>%n 把锁有此名称或键：请选择一把。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockMonitorView</name>
    <message>
        <source>Filter by name, key, holder, library or node</source>
        <translation>按名称、键、持有者、库或节点筛选</translation>
    </message>
    <message>
        <source>Show the &amp;Redis Key Column</source>
        <translation>显示 Redis 键列(&amp;R)</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>&amp;Force-Release…</source>
        <translation>强制释放(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Extend TTL…</source>
        <translation>延长 TTL(&amp;E)…</translation>
    </message>
    <message>
        <source>Remove &amp;Stale Waiters…</source>
        <translation>移除失效等待者(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Copy Lock Name</source>
        <translation>复制锁名称(&amp;C)</translation>
    </message>
    <message>
        <source>Copy Lock &amp;Details</source>
        <translation>复制锁详情(&amp;D)</translation>
    </message>
    <message>
        <source>E&amp;xport Table…</source>
        <translation>导出表格(&amp;X)…</translation>
    </message>
    <message>
        <source>Save the locks shown (after filtering) as CSV or JSON</source>
        <translation>将显示的锁（筛选后）保存为 CSV 或 JSON</translation>
    </message>
    <message numerus="yes">
        <source>%n lock(s)</source>
        <translation>
            <numerusform>%n 把锁</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n lock(s)</source>
        <translation>
            <numerusform>%1 / %n 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2: asking Redis…</source>
        <translation>%1 %2：正在询问 Redis…</translation>
    </message>
    <message>
        <source>%1 %2 on %3: %4</source>
        <translation>%1 %2（%3）：%4</translation>
    </message>
    <message>
        <source>(the audit log could not be written: %1)</source>
        <translation>（无法写入审计日志：%1）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export Locks</source>
        <translation>导出锁</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n lock(s) to %1</source>
        <translation>
            <numerusform>已将 %n 把锁导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <source>Show only the locks in one state (expiring follows the countdown)</source>
        <translation>只显示某一状态的锁（“即将过期”跟随倒计时）</translation>
    </message>
    <message>
        <source>Possible locks</source>
        <translation>可能的锁</translation>
    </message>
    <message>
        <source>Also show keys that are only possibly locks: a random token with a TTL under a name that does not say lock (shown in grey italics; a session id can look the same)</source>
        <translation>也显示只是可能为锁的键：名称不像锁、存放带 TTL 的随机令牌（以灰色斜体显示；会话 ID 也可能是这样）</translation>
    </message>
    <message>
        <source>Show only the locks of one open server</source>
        <translation>只显示一个已打开服务器的锁</translation>
    </message>
    <message>
        <source>All servers</source>
        <translation>所有服务器</translation>
    </message>
    <message>
        <source>&amp;Go to Lock…</source>
        <translation>转到锁(&amp;G)…</translation>
    </message>
    <message>
        <source>Find a lock by its library&apos;s name for it or by its Redis key</source>
        <translation>按库为锁取的名称或按其 Redis 键查找锁</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LockTableModel</name>
    <message>
        <source>Redis Key</source>
        <translation>Redis 键</translation>
    </message>
    <message>
        <source>The Redis key(s) the lock is made of; Name is what its library&apos;s API calls it</source>
        <translation>组成该锁的 Redis 键；“名称”是其库的 API 对它的称呼</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无 TTL</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小时</translation>
    </message>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>expiring</source>
        <translation>即将过期</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Holder(s)</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Re-entries</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>How many times the holder entered the lock without leaving it</source>
        <translation>持有者进入锁而未退出的次数</translation>
    </message>
    <message>
        <source>Time left on the lease, counted down here every second from when it was read</source>
        <translation>租约剩余时间，从读取时起在此每秒倒数</translation>
    </message>
    <message>
        <source>Parties waiting for the lock, where Redis can tell (subscribed clients, queued waiters)</source>
        <translation>等待这把锁的各方（Redis 能够说明的：订阅的客户端、排队的等待者）</translation>
    </message>
    <message>
        <source>The fencing token of the current hold: larger means later</source>
        <translation>当前持有的栅栏令牌：越大越新</translation>
    </message>
    <message>
        <source>held; expiring: the lease ends within %1 s; stuck: it cannot be released normally (e.g. a dead waiter blocks a fair queue)</source>
        <translation>持有中；即将过期：租约在 %1 秒内结束；卡住：无法正常释放（例如失效的等待者阻塞了公平队列）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1
Recognised as %2 (confidence %3%): %4</source>
        <translation>%1
识别为 %2（置信度 %3%）：%4</translation>
    </message>
    <message>
        <source>client %1, thread %2 (×%3)</source>
        <translation>客户端 %1，线程 %2（×%3）</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1（×%2）</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>The open server the lock is on: its profile&apos;s name, else host:port</source>
        <translation>锁所在的已打开服务器：其配置名称，否则为 host:port</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>由 %1 持有</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LocksEmptyState</name>
    <message>
        <source>No locks to show yet</source>
        <translation>暂无可显示的锁</translation>
    </message>
    <message>
        <source>The lock table appears here once locks are found on this server.</source>
        <translation>在此服务器上发现锁后，锁列表将显示在这里。</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <source>Connecting to %1… The lock table appears here once locks are found.</source>
        <translation>正在连接 %1… 发现锁后，锁列表将显示在这里。</translation>
    </message>
    <message>
        <source>Waiting for the server</source>
        <translation>正在等待服务器</translation>
    </message>
    <message>
        <source>LockScope cannot reach %1 and keeps trying; the error is on the left. The lock table appears here once the server answers and locks are found.</source>
        <translation>LockScope 无法连接 %1，正在持续重试；错误信息见左侧。服务器响应并发现锁后，锁列表将显示在这里。</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Connect to a Redis server (File › Connections… or File › Connect to URL…) to look for locks. The lock table appears here once locks are found.</source>
        <translation>连接到 Redis 服务器（“文件 › 连接…”或“文件 › 连接到 URL…”）以查找锁。找到锁后，锁表会显示在这里。</translation>
    </message>
    <message>
        <source>Open Connections…</source>
        <translation>打开连接…</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MainWindow</name>
    <message>
        <source>Alert: %1</source>
        <translation>警报：%1</translation>
    </message>
    <message>
        <source>LockScope alert: %1</source>
        <translation>LockScope 警报：%1</translation>
    </message>
    <message>
        <source>Lock history is off: %1</source>
        <translation>锁历史已关闭：%1</translation>
    </message>
    <message>
        <source>Lock &amp;History…</source>
        <translation>锁历史(&amp;H)…</translation>
    </message>
    <message>
        <source>Who held which lock when: the recorded holds as a timeline, with statistics</source>
        <translation>谁在何时持有了哪把锁：以时间线显示记录下的持有，并附统计信息</translation>
    </message>
    <message>
        <source>&amp;Connect to URL…</source>
        <translation>连接到 URL(&amp;C)…</translation>
    </message>
    <message>
        <source>Connect to a Redis server (redis://, rediss://, unix://, redis+sentinel://)</source>
        <translation>连接到 Redis 服务器（redis://、rediss://、unix://、redis+sentinel://）</translation>
    </message>
    <message>
        <source>&amp;Refresh Now</source>
        <translation>立即刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Connect to &amp;Sandbox</source>
        <translation>连接到沙盒(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About LockScope</source>
        <translation>关于 LockScope(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Show &amp;Toolbar</source>
        <translation>显示工具栏(&amp;T)</translation>
    </message>
    <message>
        <source>LockScope</source>
        <translation>LockScope</translation>
    </message>
    <message>
        <source>%1 — LockScope</source>
        <translation>%1 — LockScope</translation>
    </message>
    <message>
        <source>The URL is not valid: %1</source>
        <translation>URL 无效：%1</translation>
    </message>
    <message>
        <source>About LockScope</source>
        <translation>关于 LockScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;LockScope %1&lt;/h3&gt;&lt;p&gt;Monitor and administer Redis distributed locks: see who holds what, for how long, and who waits.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;LockScope %1&lt;/h3&gt;&lt;p&gt;监视和管理 Redis 分布式锁：谁持有哪把锁、持有多久、谁在等待，一目了然。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Connect to the sandbox at %1</source>
        <translation>连接到位于 %1 的沙盒</translation>
    </message>
    <message>
        <source>Ask the server for a fresh summary and list every lock again</source>
        <translation>向服务器获取最新概要并重新列出所有锁</translation>
    </message>
    <message>
        <source>Mark as &amp;Production</source>
        <translation>标记为生产环境(&amp;P)</translation>
    </message>
    <message>
        <source>Admin actions on a production connection ask for the lock&apos;s name to be typed</source>
        <translation>在生产环境连接上执行管理操作时需要输入锁的名称</translation>
    </message>
    <message>
        <source>&amp;Lock</source>
        <translation>锁(&amp;L)</translation>
    </message>
    <message>
        <source>Co&amp;nnections…</source>
        <translation>连接(&amp;N)…</translation>
    </message>
    <message>
        <source>Manage saved connections and connect to one</source>
        <translation>管理已保存的连接并连接其中之一</translation>
    </message>
    <message>
        <source>Saved connections: add, edit, test and connect (%1)</source>
        <translation>已保存的连接：添加、编辑、测试和连接（%1）</translation>
    </message>
    <message>
        <source>Connect to the private redis-server LockScope runs on this computer (started when needed)</source>
        <translation>连接到 LockScope 在本机运行的私有 redis-server（需要时启动）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>URL of the server to open beside the others (redis://, rediss://, unix://, redis+sentinel://):</source>
        <translation>要在其他服务器之外打开的服务器 URL（redis://、rediss://、unix://、redis+sentinel://）：</translation>
    </message>
    <message>
        <source>Cannot add the server</source>
        <translation>无法添加服务器</translation>
    </message>
    <message>
        <source>Lock History — %1</source>
        <translation>锁历史 — %1</translation>
    </message>
    <message>
        <source>Open another server beside the ones open: one table for the locks of all</source>
        <translation>在已打开的服务器之外再打开一个：所有服务器的锁在同一张表中</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::PasswordVault</name>
    <message>
        <source>LockScope was built without system keyring support.</source>
        <translation>此 LockScope 构建时未包含系统密钥环支持。</translation>
    </message>
    <message>
        <source>The system keyring cannot be used: %1</source>
        <translation>无法使用系统密钥环：%1</translation>
    </message>
    <message>
        <source>The system keyring did not answer.</source>
        <translation>系统密钥环没有响应。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ProfileConnector</name>
    <message>
        <source>Password for %1</source>
        <translation>%1 的密码</translation>
    </message>
    <message>
        <source>%1

Password for %2:</source>
        <translation>%1

%2 的密码：</translation>
    </message>
    <message>
        <source>The system keyring has no password for this connection.</source>
        <translation>系统密钥环中没有此连接的密码。</translation>
    </message>
    <message>
        <source>%1 The password is kept in memory until LockScope quits, never written to disk.</source>
        <translation>%1 密码在 LockScope 退出前只保存在内存中，绝不写入磁盘。</translation>
    </message>
    <message>
        <source>Not connected to %1: no password given.</source>
        <translation>未连接到 %1：未提供密码。</translation>
    </message>
    <message>
        <source>There is no saved connection with the id %1.</source>
        <translation>没有 ID 为 %1 的已保存连接。</translation>
    </message>
    <message>
        <source>The sandbox is not available.</source>
        <translation>沙盒不可用。</translation>
    </message>
    <message>
        <source>Cannot start the sandbox redis-server: %1</source>
        <translation>无法启动沙盒 redis-server：%1</translation>
    </message>
    <message>
        <source>sandbox</source>
        <translation>沙盒</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::SampleLocksBanner</name>
    <message>
        <source>Add Sample Locks</source>
        <translation>添加示例锁</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>暂不</translation>
    </message>
    <message>
        <source>Don&apos;t offer again</source>
        <translation>不再提示</translation>
    </message>
    <message>
        <source>This is LockScope&apos;s own sandbox server, and it is empty. Fill it with sample locks of every kind — LockScope&apos;s own, plus Redisson, redis-py, node-redlock and redis-semaphore formats — to see the monitor at work?</source>
        <translation>这是 LockScope 自己的沙盒服务器，目前是空的。要填入各类示例锁（LockScope 自己的锁，以及 Redisson、redis-py、node-redlock 和 redis-semaphore 格式的锁）来看看监视器如何工作吗？</translation>
    </message>
    <message>
        <source>Adding sample locks…</source>
        <translation>正在添加示例锁…</translation>
    </message>
    <message numerus="yes">
        <source>Added %n sample lock(s). Some expire within a minute; LockScope&apos;s fair lock has two waiters; report:nightly is stuck behind a dead waiter. Select one to see its details, or try Force-Release (Delete).</source>
        <translation>
            <numerusform>已添加 %n 把示例锁。有些会在一分钟内过期；LockScope 的公平锁有两个等待者；report:nightly 被一个失效的等待者卡住。选中一把锁查看详情，或试试强制释放（Delete）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Could not add the sample locks: %1</source>
        <translation>无法添加示例锁：%1</translation>
    </message>
    <message>
        <source>Try Again</source>
        <translation>重试</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ServerSummaryPanel</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Masters</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返时间</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>键数</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Median of a few PINGs, measured by the refresh</source>
        <translation>刷新时测得的数次 PING 的中位数</translation>
    </message>
    <message>
        <source>DBSIZE of the selected database</source>
        <translation>所选数据库的 DBSIZE</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n slots)</source>
        <translation>
            <numerusform>%1（%n 个槽）</numerusform>
        </translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>on (&quot;%1&quot;)</source>
        <translation>开启（&quot;%1&quot;）</translation>
    </message>
    <message>
        <source>unknown (CONFIG GET refused)</source>
        <translation>未知（CONFIG GET 被拒绝）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::StressCharts</name>
    <message>
        <source>Throughput (acquisitions/s)</source>
        <translation>吞吐量（获取次数/秒）</translation>
    </message>
    <message>
        <source>acquisitions/s</source>
        <translation>获取次数/秒</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Acquire wait since the start (µs)</source>
        <translation>自开始以来的获取等待（微秒）</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Acquire wait histogram</source>
        <translation>获取等待直方图</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>获取次数</translation>
    </message>
    <message>
        <source>acquire wait, up to</source>
        <translation>获取等待，不超过</translation>
    </message>
    <message>
        <source>Acquisitions per client</source>
        <translation>每个客户端的获取次数</translation>
    </message>
    <message>
        <source>%L1 acquisitions</source>
        <translation>%L1 次获取</translation>
    </message>
    <message>
        <source>C%1</source>
        <translation>C%1</translation>
    </message>
    <message>
        <source>Violations: checked when the run ends</source>
        <translation>违规：运行结束时检查</translation>
    </message>
    <message>
        <source>Violations: not judged (holds of this kind are shared by design)</source>
        <translation>违规：不判断（此类型的持有本就可共享）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mutual-exclusion violation(s)</source>
        <translation>
            <numerusform>%Ln 次互斥违规</numerusform>
        </translation>
    </message>
    <message>
        <source>0 violations in %L1 checked holds</source>
        <translation>在 %L1 次已检查的持有中 0 次违规</translation>
    </message>
    <message>
        <source>faults injected</source>
        <translation>注入的故障</translation>
    </message>
    <message numerus="yes">
        <source>Fault drills: %Ln fault(s) injected</source>
        <translation>
            <numerusform>故障演练：注入了 %Ln 个故障</numerusform>
        </translation>
    </message>
    <message>
        <source> · %L1 fenced writes rejected, %L2 accepted out of fence order · %L3 lock(s) lost · %L4 overlap(s) after a loss</source>
        <translation> · %L1 次带栅栏的写入被拒绝，%L2 次未按栅栏顺序被接受 · %L3 个锁丢失 · %L4 次丢失后的重叠</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::StressForm</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <source>%1 (UNSAFE)</source>
        <translation>%1（不安全）</translation>
    </message>
    <message>
        <source>Lock kind:</source>
        <translation>锁类型：</translation>
    </message>
    <message>
        <source>Each client is a thread with its own connection per lock</source>
        <translation>每个客户端是一个线程，每把锁使用自己的连接</translation>
    </message>
    <message>
        <source>Clients:</source>
        <translation>客户端：</translation>
    </message>
    <message>
        <source>Client i&apos;s k-th acquisition goes to lock (i + k) mod locks</source>
        <translation>客户端 i 的第 k 次获取作用于第 (i + k) mod 锁数 把锁</translation>
    </message>
    <message>
        <source>Locks:</source>
        <translation>锁数：</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>Hold:</source>
        <translation>持有：</translation>
    </message>
    <message>
        <source>Think:</source>
        <translation>间隔：</translation>
    </message>
    <message>
        <source>Lease:</source>
        <translation>租约：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <source>semaphore only: how many holders at once (above 1 the checker cannot judge overlap)</source>
        <translation>仅信号量：同时允许的持有者数（大于 1 时检查器无法判断重叠）</translation>
    </message>
    <message>
        <source>Permits:</source>
        <translation>许可数：</translation>
    </message>
    <message>
        <source>Keep holds alive (watchdog)</source>
        <translation>保持持有（看门狗）</translation>
    </message>
    <message>
        <source>Kinds with a watchdog renew their holds; without it, the hold must stay below the lease</source>
        <translation>带看门狗的类型会续期；没有看门狗时，持有时间必须短于租约</translation>
    </message>
    <message>
        <source>Fencing counter</source>
        <translation>栅栏计数器</translation>
    </message>
    <message>
        <source>token, reentrant, fair, read and write: number every hold from a counter key per lock; off, no counter key is left behind (token: a plain SET NX PX as redis-py and node-redlock do; the Redisson kinds: only what Redisson itself writes)</source>
        <translation>token、reentrant、fair、read 和 write：每次持有从每个锁各自的计数器键取一个栅栏令牌编号；关闭后不留下计数器键（token：像 redis-py 和 node-redlock 那样使用普通的 SET NX PX；Redisson 各类锁：只写 Redisson 自己写的键）</translation>
    </message>
    <message>
        <source>redis://127.0.0.1:7001, redis://…</source>
        <translation>redis://127.0.0.1:7001, redis://…</translation>
    </message>
    <message>
        <source>redlock only: the independent masters, comma-separated URLs</source>
        <translation>仅 Redlock：各独立主节点，以逗号分隔的 URL</translation>
    </message>
    <message>
        <source>Redlock nodes:</source>
        <translation>Redlock 节点：</translation>
    </message>
    <message>
        <source>Redlock node &apos;%1&apos;: %2</source>
        <translation>Redlock 节点“%1”：%2</translation>
    </message>
    <message>
        <source>The redlock kind needs its independent masters: list their URLs under Redlock nodes.</source>
        <translation>Redlock 类型需要独立的主节点：请在“Redlock 节点”中列出它们的 URL。</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>kill</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>A holder&apos;s process is killed (SIGKILL) while it holds: it never releases</source>
        <translation>持有者的进程在持有期间被杀死（SIGKILL）：它永远不会释放</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>A holder stops for 1.5 leases while it holds (a GC pause), then writes</source>
        <translation>持有者在持有期间停顿 1.5 个租约（GC 停顿），然后写入</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>网络分区</translation>
    </message>
    <message>
        <source>A holder&apos;s path to Redis (the run&apos;s own proxy) stalls for 1.5 leases while it holds</source>
        <translation>持有者通往 Redis 的路径（本次运行自己的代理）在持有期间停滞 1.5 个租约</translation>
    </message>
    <message>
        <source>Fault drills:</source>
        <translation>故障演练：</translation>
    </message>
    <message>
        <source>every </source>
        <translation>每 </translation>
    </message>
    <message>
        <source> sections</source>
        <translation> 个临界区</translation>
    </message>
    <message>
        <source>Each chosen fault hits every N-th critical section of the run</source>
        <translation>每种选中的故障命中本次运行的每第 N 个临界区</translation>
    </message>
    <message>
        <source>restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>The redis-server is killed and started again without its data while a holder holds; the run then uses a private server of its own</source>
        <translation>在持有者持有锁时杀死 redis-server 并在不保留数据的情况下重新启动；此时运行使用一台自己的私有服务器</translation>
    </message>
    <message>
        <source>failover</source>
        <translation>故障转移</translation>
    </message>
    <message>
        <source>The master dies and a sentinel promotes its replica while a holder holds; the run then uses a private master, replica and sentinel</source>
        <translation>在持有者持有锁时主节点宕机，哨兵提升其副本；此时运行使用私有的主节点、副本和哨兵</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::StressPanel</name>
    <message>
        <source>Stress Test — LockScope</source>
        <translation>压力测试 — LockScope</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Save Result as &amp;JSON…</source>
        <translation>将结果保存为 &amp;JSON…</translation>
    </message>
    <message>
        <source>Not connected: connect to a server or the sandbox first (File menu).</source>
        <translation>未连接：请先连接服务器或沙盒（“文件”菜单）。</translation>
    </message>
    <message>
        <source>%1 — read-only: a stress run writes lock keys, so it cannot run here.</source>
        <translation>%1 — 只读：压力测试需要写入锁键，因此无法在此运行。</translation>
    </message>
    <message>
        <source>%1 (the run&apos;s locks appear in the lock table while held)</source>
        <translation>%1（运行中的锁在持有期间显示在锁表中）</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message numerus="yes">
        <source>Connecting %n client(s)…</source>
        <translation>
            <numerusform>正在连接 %n 个客户端…</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Running: %1 s</source>
        <translation>运行中：%1 秒</translation>
    </message>
    <message>
        <source>Stopped after %1 s.</source>
        <translation>在 %1 秒后停止。</translation>
    </message>
    <message>
        <source>Finished after %1 s.</source>
        <translation>在 %1 秒后完成。</translation>
    </message>
    <message>
        <source>%1 × %L2</source>
        <translation>%1 × %L2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;, %n client(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;，%n 个客户端</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n lock(s)</source>
        <translation>
            <numerusform>，%n 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>Throughput: %L1 acquisitions/s</source>
        <translation>吞吐量：%L1 次获取/秒</translation>
    </message>
    <message>
        <source>Acquire wait: p50 %1, p90 %2, p99 %3, max %4</source>
        <translation>获取等待：p50 %1，p90 %2，p99 %3，最大 %4</translation>
    </message>
    <message>
        <source>Handoff: p50 %1, p99 %2 (%L3 handoffs)</source>
        <translation>交接：p50 %1，p99 %2（%L3 次交接）</translation>
    </message>
    <message>
        <source>Handoff: none measured</source>
        <translation>交接：未测得</translation>
    </message>
    <message>
        <source>Fairness (Jain): %1</source>
        <translation>公平性（Jain）：%1</translation>
    </message>
    <message>
        <source>CPU per acquisition: %1</source>
        <translation>每次获取的 CPU：%1</translation>
    </message>
    <message>
        <source>Errors: none</source>
        <translation>错误：无</translation>
    </message>
    <message>
        <source>Errors: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Checker: %1</source>
        <translation>检查器：%1</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>There is no result to save yet.</source>
        <translation>还没有可保存的结果。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save Stress Result</source>
        <translation>保存压力测试结果</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ToolScreenshot</name>
    <message>
        <source>no tool to run</source>
        <translation>没有要运行的工具</translation>
    </message>
    <message>
        <source>the stress test did not start: %1</source>
        <translation>压力测试未启动：%1</translation>
    </message>
    <message>
        <source>the contention demo did not start</source>
        <translation>争用演示未启动</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ToolWindows</name>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Stress Test…</source>
        <translation>压力测试(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Contention Demo…</source>
        <translation>争用演示(&amp;C)…</translation>
    </message>
    <message>
        <source>Run many clients against a lock and measure throughput, latency, fairness and mutual-exclusion violations</source>
        <translation>让多个客户端争用锁，测量吞吐量、延迟、公平性和互斥违规</translation>
    </message>
    <message>
        <source>Watch short stories of locks under contention, and why the naive ones break</source>
        <translation>观看锁在争用下的小故事，以及朴素实现为何会出错</translation>
    </message>
    <message numerus="yes">
        <source>%n fault(s) injected by the stress test (%1)</source>
        <translation>
            <numerusform>压力测试注入了 %n 个故障（%1）</numerusform>
        </translation>
    </message>
</context>
</TS>
