// Takes one lock with a real npm library, the way its README shows, and leaves it held: the
// process exits without releasing (timers stopped), so the lock stays for its TTL.
// Usage: node take-lock.js <library> <port> <name>. Prints "taken" once the lock is held.
// tst_NpmLibraryLocks copies it beside the libraries packaging/setup-npm-test-locks.sh installs.
'use strict';

const [library, portText, name] = process.argv.slice(2);
const port = Number(portText);
const host = '127.0.0.1';

function ioredis() {
  const Redis = require('ioredis');
  return new Redis({ host, port, lazyConnect: false, maxRetriesPerRequest: 1 });
}

async function nodeRedis(module = 'redis') {
  const { createClient } = require(module);
  const client = createClient({ socket: { host, port } });
  await client.connect();
  return client;
}

const takers = {
  async 'redlock'() {
    const Redlock = require('redlock');
    const redlock = new Redlock([ioredis()], { retryCount: 0 });
    await redlock.lock(name, 60000);
  },
  async 'redlock-multi'() {
    const Redlock = require('redlock');
    const redlock = new Redlock([ioredis()], { retryCount: 0 });
    await redlock.lock([name, name + ':b'], 60000);
  },
  async '@sesamecare-oss/redlock'() {
    const { Redlock } = require('@sesamecare-oss/redlock');
    const redlock = new Redlock([ioredis()], { retryCount: 0 });
    await redlock.acquire([name], 60000);
  },
  async 'redlock-universal'() {
    const { createLock, IoredisAdapter } = require('redlock-universal');
    const lock = createLock({ adapter: new IoredisAdapter(ioredis()), key: name, ttl: 60000 });
    await lock.acquire();
  },
  async 'redis-semaphore'() {
    const { Mutex } = require('redis-semaphore');
    const mutex = new Mutex(ioredis(), name, { lockTimeout: 60000, refreshInterval: 0 });
    await mutex.acquire();
  },
  async 'node-redis-warlock'() {
    const warlock = require('node-redis-warlock')(ioredis());
    await new Promise((resolve, reject) =>
      warlock.lock(name, 60000, (err, unlock) => (err || !unlock ? reject(err || new Error('held')) : resolve())));
  },
  async 'simple-redis-mutex'() {
    const { tryLock } = require('simple-redis-mutex');
    const [taken] = await tryLock(await nodeRedis(), name, { timeout: 60000 });
    if (!taken) throw new Error('held');
  },
  async '@chat-adapter/state-redis'() {
    const { createRedisState } = await import('@chat-adapter/state-redis');
    const state = createRedisState({ url: `redis://${host}:${port}` });
    await state.connect();
    if (!(await state.acquireLock(name, 60000))) throw new Error('held');
  },
  async 'redis-leader'() {
    const Leader = require('redis-leader');
    const leader = new Leader(ioredis(), { key: name, ttl: 60000, wait: 100 });
    await new Promise((resolve) => { leader.on('elected', resolve); leader.elect(); });
  },
  async 'ts-safe-redis-leader'() {
    const { SafeRedisLeader } = require('ts-safe-redis-leader');
    const leader = new SafeRedisLeader(ioredis(), 60000, 100, name);
    await new Promise((resolve) => { leader.on('elected', resolve); leader.elect(); });
  },
  async 'redis-promise-lock'() {
    const { Lock } = require('redis-promise-lock');
    const lock = new Lock(await nodeRedis(), { retryLimit: 1, retryDelay: 10, ttl: 60 });
    if (!(await lock.acquireLock(name))) throw new Error('held');
  },
  async '@redis-kit/lock'() {
    const { Redlock } = require('@redis-kit/lock');
    const redlock = new Redlock([await nodeRedis()]);
    if (!(await redlock.acquire(name, 60000))) throw new Error('held');
  },
  async 'ioredis-lock'() {
    const lock = require('ioredis-lock').createLock(ioredis(), { timeout: 60000, retries: 0 });
    await lock.acquire(name);
  },
  async 'redis-lock'() {
    const lock = require('redis-lock')(await nodeRedis('redis4')); // it wants node-redis v4
    await lock(name, 60000);
  },
};

const take = takers[library];
if (!take) {
  console.error(`unknown library ${library}`);
  process.exit(2);
}
take().then(
  () => { console.log('taken'); process.exit(0); },
  (error) => { console.error(String(error && error.stack || error)); process.exit(1); });
