// Holds one lock with a real lock library, renewing it as the library does, until stdin
// closes; prints "ready" once held. Used by tests/core/identity/tst_LibraryHolders.
// usage: node holders.js PORT LIBRARY LOCK CONNECTION_NAME
//   LIBRARY: redlock (node-redlock v5, automatic extension) | semaphore (redis-semaphore, refresh)
const Redis = require('ioredis');

const [port, library, lock, connectionName] = process.argv.slice(2);
const client = new Redis({ host: '127.0.0.1', port: Number(port), connectionName, lazyConnect: false });

// Resolves when the test closes our stdin.
const untilStdinCloses = () =>
  new Promise((resolve) => {
    process.stdin.on('end', resolve);
    process.stdin.on('close', resolve);
    process.stdin.resume();
  });

async function main() {
  if (library === 'redlock') {
    const Redlock = require('redlock').default;
    const redlock = new Redlock([client], { retryCount: 0 });
    // A short lease so that the automatic extension runs within the sample.
    await redlock.using([lock], 3000, { automaticExtensionThreshold: 2000 }, async () => {
      console.log('ready');
      await untilStdinCloses();
    });
  } else if (library === 'semaphore') {
    const { Semaphore } = require('redis-semaphore');
    const semaphore = new Semaphore(client, lock, 2, { lockTimeout: 3000, refreshInterval: 1000 });
    await semaphore.acquire();
    console.log('ready');
    await untilStdinCloses();
    await semaphore.release();
  } else {
    throw new Error('unknown library ' + library);
  }
}

main()
  .then(() => client.quit())
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(String(error && error.stack ? error.stack : error));
    process.exit(1);
  });
