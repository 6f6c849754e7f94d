#!/usr/bin/env bash
# The command sample's price in server CPU: redis-server's CPU time (INFO cpu) for the same
# redis-benchmark run (50 clients, SET and GET, N each), with and without a running sample
# (lockscope-cli list --identify 60s --identify-busy), and the throughput and p99 of each run.
set -u
CLI=${CLI:-build/app/lockscope-cli}
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
redis-server --port $PORT --bind 127.0.0.1 --save "" --appendonly no --daemonize no >/dev/null 2>&1 &
SERVER=$!
sleep 0.5
redis-cli -p $PORT set lock:bench 0123456789abcdef0123456789abcdef px 6000000 >/dev/null
cpu() { redis-cli -p $PORT info cpu | awk -F: '/used_cpu_(user|sys):/ {s += $2} END {printf "%.3f", s}'; }
run() {
  local before=$(cpu)
  redis-benchmark -p $PORT -c 50 -t set,get -n ${N:-100000} --csv 2>/dev/null | grep -v '^"test"' | tr -d '"' | awk -F, '{printf "  %s %s requests/s, p99 %s ms\n", $1, $2, $7}'
  local after=$(cpu)
  echo "  server CPU: $(echo "$after - $before" | bc) s for $((2 * ${N:-100000})) commands"
}
for round in 1 2 3; do
  echo "round $round without a sample:"; run
  $CLI --url redis://127.0.0.1:$PORT list --identify 60s --identify-busy > /dev/null 2>/tmp/sample-cpu.err &
  CLIPID=$!
  sleep 1.5
  echo "round $round with a sample:"; run
  kill -0 $CLIPID 2>/dev/null && echo "  (the sample ran throughout)" || echo "  (the sample had ended: $(tail -1 /tmp/sample-cpu.err))"
  kill $CLIPID 2>/dev/null; wait $CLIPID 2>/dev/null
done
kill $SERVER
