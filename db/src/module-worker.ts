/**
 * Worker threads that run a module of ours (the Word converter, the xlsx reader): the worker's source is a
 * string evaluated by Node, which starts with `moduleWorkerPrelude` and then uses `loaded`, the module's
 * exports. Under dist/ the module is the compiled `.js` next to its caller; from the TypeScript sources
 * (jest) it is a `.ts` file, which the worker compiles as it loads with @swc/core, the compiler jest itself
 * uses here. `keepDynamicImport` leaves `import()` as it is (for ESM-only dependencies, such as the
 * markdown parsers).
 */
export const moduleWorkerPrelude = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.swcPath) {
  const fs = require('node:fs');
  const swc = require(workerData.swcPath);
  require.extensions['.ts'] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      swcrc: false,
      module: { type: 'commonjs', ignoreDynamic: workerData.keepDynamicImport },
      jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    });
    module._compile(code, filename);
  };
}
const loaded = require(workerData.modulePath);
`;

/** The `workerData` the prelude reads: `modulePath` resolved by the caller (`require.resolve('./x')`). */
export function moduleWorkerData(
  modulePath: string,
  options: { keepDynamicImport?: boolean } = {},
): { modulePath: string; swcPath: string | null; keepDynamicImport: boolean } {
  const fromSources = modulePath.endsWith('.ts');
  return {
    modulePath,
    swcPath: fromSources ? require.resolve('@swc/core') : null,
    keepDynamicImport: options.keepDynamicImport ?? false,
  };
}
