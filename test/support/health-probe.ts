import { Worker } from 'node:worker_threads';

// The probe runs in a worker thread: the test server shares the test's event loop, so a probe sent from
// the test itself could not even start while the server is blocked, and would measure nothing.
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let attackSent = false;
let stop = false;
const latencies = [];
parentPort.on('message', (message) => {
  if (message === 'attack-sent') attackSent = true;
  if (message === 'stop') stop = true;
});
(async () => {
  while (!stop) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.text();
    } catch {}
    // Counted when the attack was sent before the probe finished: a probe stuck behind it counts.
    if (attackSent) latencies.push(performance.now() - started);
    else parentPort.postMessage({ warm: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ latencies });
})();
`;

/**
 * How long `/healthz` takes to answer while `attack` is in flight, in ms: the median of the probes that
 * finished after the attack was first sent (at least one starts after it settled). The attack is sent
 * `times` times in a row, so a request the server refuses at once still overlaps several probes, and a
 * server whose event loop each attack blocks has most probes stuck behind one. The median, not the worst
 * sample, keeps one slow probe on a busy machine from failing a test.
 */
export async function healthLatencyDuring(
  baseUrl: string,
  attack: () => Promise<unknown>,
  times = 5,
): Promise<number> {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: `${baseUrl}/healthz` } });
  try {
    await new Promise((resolve) => worker.once('message', resolve));
    worker.postMessage('attack-sent');
    for (let i = 0; i < times; i++) await attack().catch(() => undefined);
    // One probe after the attack settled at least, so a fast refusal is still measured once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = new Promise<{ latencies: number[] }>((resolve) =>
      worker.on('message', (message: { latencies?: number[] }) => {
        if (message.latencies) resolve({ latencies: message.latencies });
      }),
    );
    worker.postMessage('stop');
    const { latencies } = await result;
    latencies.sort((a, b) => a - b);
    return latencies[Math.floor(latencies.length / 2)] ?? Number.POSITIVE_INFINITY;
  } finally {
    await worker.terminate();
  }
}
