// `npm test`: every check the project has, in one run.
//
//   typecheck (server, web) · eslint · prettier · stale schema · build (when browser tests exist)
//   · bundle budget (scripts/bundle-report.mjs) · jest (server + web projects)
//   · browser end-to-end tests (test/e2e/run.mjs)
//
// Each non-jest step counts as one test; jest and the e2e runner contribute their own test counts. The last
// line printed is always `N passed, N failed`, and the exit code is non-zero when anything failed.
// Extra arguments are passed to jest (`npm test -- db/src`). TEST_MYSQL_URL is passed through to every step.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exists = (relative) => existsSync(path.join(root, relative));
const MINUTE = 60_000;
const stepTimeoutMs = Number(process.env.QUIRE_TEST_STEP_TIMEOUT_MS) || 20 * MINUTE;

/** A tool from node_modules/.bin (what `npx <tool>` would run), or npx when it is not installed locally. */
function tool(name, args) {
  const bin = path.join(root, 'node_modules', '.bin', name);
  return existsSync(bin) ? [bin, args] : ['npx', ['--no', name, ...args]];
}

let current = null; // the running child, so a signal to us stops it too
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (current) killGroup(current, 'SIGTERM');
    process.exit(130);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // the child leads its own process group (detached)
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Runs a command with its output streamed to ours. With `capture`, stdout is also collected (and still
 * echoed). Resolves with the exit code (a number; signals and time-outs count as failures).
 */
function run(command, args, { capture = false, timeoutMs = stepTimeoutMs } = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, {
      cwd: root,
      env: process.env,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
      detached: true,
    });
    current = child;
    if (capture) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.log(
        `\n[test] ${path.basename(command)} timed out after ${timeoutMs / MINUTE} min; stopping it`,
      );
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    const finish = (code) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: timedOut ? 124 : code, output });
    };
    child.on('error', (error) => {
      console.log(`[test] could not start ${command}: ${error.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const checks = []; // { name, passed: boolean, detail? }
const skipped = []; // notes
const failures = []; // lines for the summary
let passed = 0;
let failed = 0;

function banner(name, commandLine) {
  console.log(`\n=== ${name}: ${commandLine}`);
}

function recordCheck(name, ok, detail) {
  checks.push({ name, passed: ok, detail });
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(`${name}${detail ? `: ${detail}` : ''}`);
  }
  console.log(`--- ${name}: ${ok ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);
}

async function check(name, [command, args]) {
  const shown = [path.basename(command), ...args].join(' ');
  banner(name, shown);
  const started = Date.now();
  const { code } = await run(command, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  recordCheck(name, code === 0, code === 0 ? `${seconds} s` : `exit code ${code}, ${seconds} s`);
  return code === 0;
}

function skip(name, reason) {
  skipped.push(`${name}: ${reason}`);
  console.log(`\n=== ${name}: skipped (${reason})`);
}

// (a), (b) typecheck
// The server's type check also emits dist/ (tsc checks and emits in one pass): the schema check and the
// browser tests' build reuse it instead of compiling the server twice more.
const serverBuilt = await check('typecheck server', tool('tsc', ['-p', 'tsconfig.server.json']));
if (exists('web/tsconfig.json'))
  await check('typecheck web', tool('tsc', ['-p', 'web/tsconfig.json', '--noEmit']));
else skip('typecheck web', 'web/tsconfig.json does not exist');

// (c) lint
await check('eslint', tool('eslint', ['.']));
await check('prettier', tool('prettier', ['--check', '.']));

// (d) the committed schema matches the code
if (exists('api/src/graphql/emit-schema.cli.ts')) {
  const reuse = serverBuilt ? ['--no-build'] : [];
  await check('schema up to date', [process.execPath, ['scripts/check-schema.mjs', ...reuse]]);
} else {
  skip('schema up to date', 'api/src/graphql/emit-schema.cli.ts does not exist yet');
}

// The browser tests run against the built server and web app.
const hasE2e = exists('test/e2e/run.mjs');
let built = true;
if (hasE2e) built = await check('build', ['npm', ['run', serverBuilt ? 'build:web' : 'build']]);

// The first screen's JavaScript budget (issue #7), measured on that build.
if (hasE2e && built && exists('scripts/bundle-report.mjs')) {
  await check('bundle budget', [process.execPath, ['scripts/bundle-report.mjs']]);
}

// (e) jest
{
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'quire-jest-'));
  const outputFile = path.join(outputDir, 'results.json');
  const args = ['--json', `--outputFile=${outputFile}`, '--forceExit', ...(process.env.CI ? ['--ci'] : [])];
  const extra = process.argv.slice(2);
  if (extra[0] === '--') extra.shift();
  const [command, toolArgs] = tool('jest', [...args, ...extra]);
  banner('jest', [path.basename(command), ...toolArgs].join(' '));
  // The suite (185 files, most on both databases) takes over 20 minutes on 2 cores since the import/export,
  // spreadsheet, mock/AI/MCP and comment suites joined it: its own limit is longer than the other steps'.
  const { code } = await run(command, toolArgs, { timeoutMs: Math.max(stepTimeoutMs, 40 * MINUTE) });
  let results = null;
  try {
    results = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    // no report: jest crashed or its configuration is broken
  }
  rmSync(outputDir, { recursive: true, force: true });

  if (!results) {
    recordCheck('jest', false, `exit code ${code}, no results written`);
  } else {
    let jestFailed = 0;
    for (const file of results.testResults ?? []) {
      const relative = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) failures.push(`jest ${relative}: ${test.fullName}`);
      jestFailed += failedTests.length;
      // A file that failed without a failed test: it did not compile/load, or a hook outside tests failed.
      if (file.status === 'failed' && failedTests.length === 0) {
        failures.push(`jest ${relative}: test file failed to run`);
        jestFailed += 1;
      }
    }
    const jestPassed = results.numPassedTests ?? 0;
    if (code !== 0 && jestFailed === 0) {
      failures.push(`jest: exit code ${code} with no failed test`);
      jestFailed += 1;
    }
    passed += jestPassed;
    failed += jestFailed;
    const pending = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
    console.log(
      `--- jest: ${jestPassed} passed, ${jestFailed} failed${pending ? `, ${pending} skipped` : ''}`,
    );
  }
}

// (f) browser end-to-end tests
if (!hasE2e) {
  skip('e2e', 'test/e2e/run.mjs does not exist');
} else if (!built) {
  recordCheck('e2e', false, 'not run: the build failed');
} else {
  banner('e2e', 'node test/e2e/run.mjs');
  const { code, output } = await run(process.execPath, ['test/e2e/run.mjs'], { capture: true });
  const summaries = [...output.matchAll(/^E2E: (\d+) passed, (\d+) failed\s*$/gm)];
  const last = summaries.at(-1);
  if (!last) {
    recordCheck('e2e', false, `exit code ${code}, no "E2E: N passed, N failed" line`);
  } else {
    const e2ePassed = Number(last[1]);
    let e2eFailed = Number(last[2]);
    if (e2eFailed > 0) failures.push(`e2e: ${e2eFailed} browser test(s) failed (see above)`);
    if (code !== 0 && e2eFailed === 0) {
      failures.push(`e2e: exit code ${code} although it reported no failure`);
      e2eFailed = 1;
    }
    passed += e2ePassed;
    failed += e2eFailed;
    console.log(`--- e2e: ${e2ePassed} passed, ${e2eFailed} failed`);
  }
}

console.log('\n=== summary');
for (const note of skipped) console.log(`skipped  ${note}`);
const shownFailures = failures.slice(0, 40);
for (const line of shownFailures) console.log(`FAILED   ${line}`);
if (failures.length > shownFailures.length)
  console.log(`...and ${failures.length - shownFailures.length} more`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
