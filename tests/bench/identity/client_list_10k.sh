#!/usr/bin/env bash
# CLIENT LIST at 10,000 connected clients: its server time (INFO commandstats) and reply size,
# and LockScope's own parse of it (lockscope-cli clients --json, timed whole).
set -u
ulimit -n 30000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
redis-server --port $PORT --bind 127.0.0.1 --save "" --maxclients 12000 --daemonize no >/dev/null 2>&1 &
SERVER=$!
sleep 0.5
python3 - $PORT <<'PY' &
import socket, sys, time
port = int(sys.argv[1])
socks = []
for i in range(10000):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"*3\r\n$6\r\nCLIENT\r\n$7\r\nSETNAME\r\n$%d\r\n%s\r\n" % (len(b"svc-%d" % i), b"svc-%d" % i))
    socks.append(s)
for s in socks:
    s.recv(16)
open("/tmp/clients-ready", "w").write("ok")
time.sleep(120)
PY
PY=$!
rm -f /tmp/clients-ready
while [ ! -f /tmp/clients-ready ]; do sleep 0.5; done
redis-cli -p $PORT config resetstat >/dev/null
for i in $(seq 20); do redis-cli -p $PORT client list > /tmp/cl.txt; done
echo "clients: $(wc -l < /tmp/cl.txt), reply bytes: $(wc -c < /tmp/cl.txt)"
redis-cli -p $PORT info commandstats | grep -i "client|list\|cmdstat_client"
/usr/bin/time -f "lockscope-cli clients --json: %e s wall, %U s user, %M KB max RSS" ${CLI:-build/app/lockscope-cli} --url redis://127.0.0.1:$PORT clients --json > /tmp/cl.json
echo "entries in JSON: $(grep -o '"id":' /tmp/cl.json | wc -l)"
kill $PY; kill $SERVER
