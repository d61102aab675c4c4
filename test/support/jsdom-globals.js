// Node globals that jsdom leaves out but the web dependencies expect at import time
// (react-router reads TextEncoder when its module loads). Runs before web/src/test/setup.ts.
const util = require('node:util');

for (const [name, value] of Object.entries({
  TextEncoder: util.TextEncoder,
  TextDecoder: util.TextDecoder,
})) {
  if (typeof globalThis[name] === 'undefined' && typeof value !== 'undefined') globalThis[name] = value;
}
