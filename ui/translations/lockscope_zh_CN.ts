<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>GuiCommandLine</name>
    <message>
        <source>Monitor and administer Redis distributed locks.
Without --url, LockScope starts a private sandbox redis-server and connects to it.</source>
        <translation>监视和管理 Redis 分布式锁。
不带 --url 时，LockScope 会启动一个私有的沙盒 redis-server 并连接到它。</translation>
    </message>
    <message>
        <source>Connect to the Redis server at URL (redis://, rediss://, unix://, redis+sentinel://) instead of starting the sandbox.</source>
        <translation>连接到 URL 指定的 Redis 服务器（redis://、rediss://、unix://、redis+sentinel://），而不启动沙盒。</translation>
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
        <translation>请尝试 'lockscope --help'。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>意外的参数 '%1'</translation>
    </message>
    <message>
        <source>connection options need --url (the sandbox needs none)</source>
        <translation>连接选项需要配合 --url 使用（沙盒不需要连接选项）</translation>
    </message>
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
        <translation>--%1 需要毫秒数（1-86400000），实际为 '%2'</translation>
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
        <source>notify-keyspace-events is &quot;%1&quot;: some lock events are not published, so LockScope also polls. &quot;KEA&quot; covers everything.</source>
        <translation>notify-keyspace-events 为 &quot;%1&quot;：部分锁事件不会发布，因此 LockScope 还会轮询。&quot;KEA&quot; 可覆盖全部事件。</translation>
    </message>
    <message>
        <source>Keyspace notifications are off on this server: LockScope polls for lock changes. CONFIG SET notify-keyspace-events KEA turns them on.</source>
        <translation>此服务器关闭了键空间通知：LockScope 通过轮询发现锁的变化。执行 CONFIG SET notify-keyspace-events KEA 可开启通知。</translation>
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
</context>
<context>
    <name>lockscope::ui::GuiStartup</name>
    <message>
        <source>lockscope: sandbox redis-server at %1 (pid %2)</source>
        <translation>lockscope：沙盒 redis-server 位于 %1（pid %2）</translation>
    </message>
    <message>
        <source>sandbox</source>
        <translation>沙盒</translation>
    </message>
    <message>
        <source>lockscope: cannot start the sandbox: %1</source>
        <translation>lockscope：无法启动沙盒：%1</translation>
    </message>
    <message>
        <source>Cannot start the sandbox redis-server: %1
Use File › Connect to URL… to open another server.</source>
        <translation>无法启动沙盒 redis-server：%1
请使用“文件 › 连接到 URL…”打开其他服务器。</translation>
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
        <source>Connect to a Redis server (File › Connect to URL…) to look for locks. The lock table appears here once locks are found.</source>
        <translation>请连接到 Redis 服务器（文件 › 连接到 URL…）以查找锁。发现锁后，锁列表将显示在这里。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MainWindow</name>
    <message>
        <source>&amp;Connect to URL…</source>
        <translation>连接到 URL(&amp;C)…</translation>
    </message>
    <message>
        <source>Connect to a Redis server by its URL</source>
        <translation>通过 URL 连接到 Redis 服务器</translation>
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
        <source>Ask the server for a fresh summary now</source>
        <translation>立即向服务器获取最新概要</translation>
    </message>
    <message>
        <source>Connect to &amp;Sandbox</source>
        <translation>连接到沙盒(&amp;S)</translation>
    </message>
    <message>
        <source>Go back to the private redis-server LockScope started</source>
        <translation>回到 LockScope 启动的私有 redis-server</translation>
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
        <source>Connect to Redis</source>
        <translation>连接到 Redis</translation>
    </message>
    <message>
        <source>Server URL (redis://[user[:password]@]host[:port][/db], rediss://…, unix:///path, redis+sentinel://host:port/master):</source>
        <translation>服务器 URL（redis://[user[:password]@]host[:port][/db]、rediss://…、unix:///path、redis+sentinel://host:port/master）：</translation>
    </message>
    <message>
        <source>Cannot connect</source>
        <translation>无法连接</translation>
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
        <source>sandbox</source>
        <translation>沙盒</translation>
    </message>
    <message>
        <source>Connect to the sandbox at %1</source>
        <translation>连接到位于 %1 的沙盒</translation>
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
</TS>
