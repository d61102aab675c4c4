// The stall probe's fresh connections (issue #14 item 4), in a process of their own: timed from the load
// generator's process, a /healthz waited for autocannon's own event loop (busy reading 32 connections'
// answers) and read 100+ ms where the server had answered in a few.
//
// stdin: { base, durationMs, saves: [{ method, path, headers, body }] } (JSON). Every 100 ms a fresh
// connection asks /healthz; every 250 ms another sends the next save. stdout: { health: [ms], saves:
// [{ ms, status, text }], errors } (JSON) once `durationMs` has passed and the last request is answered.
import { send } from './send.mjs';

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);

const until = performance.now() + input.durationMs;
const health = [];
const saves = [];
let errors = 0;
const loop = async (every, make, record) => {
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const request = make(i);
    if (!request) return;
    try {
      record(await send(input.base, request));
    } catch {
      errors++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - started))));
  }
};
await Promise.all([
  loop(
    100,
    () => ({ method: 'GET', path: '/healthz', headers: {} }),
    (answer) => {
      if (answer.status !== 200) errors++;
      health.push(answer.ms);
    },
  ),
  loop(
    250,
    (i) => input.saves[i],
    (answer) => saves.push(answer),
  ),
]);
process.stdout.write(JSON.stringify({ health, saves, errors }));
