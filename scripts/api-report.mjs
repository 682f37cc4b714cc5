#!/usr/bin/env node
// The public-API report of the package in the working directory (api-extractor): one
// `etc/<name>.api.md` per entry point of its package.json `exports` that has types, written from the
// built d.ts files (so run the package's build first). A change to what a package exports then shows in
// review as a change to that file.
//
//   node ../../scripts/api-report.mjs           check: fails when the built surface differs from etc/
//   node ../../scripts/api-report.mjs --update  writes etc/ from the build (the package's `api:update`)
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const isUpdate = process.argv.includes('--update');
const packageFolder = process.cwd();
const packageJsonPath = join(packageFolder, 'package.json');
const packageJson = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
const unscopedName = packageJson.name.replace(/^@[^/]+\//, '');

// "." -> sdk.api.md, "./testing" -> sdk-testing.api.md
const entries = Object.entries(packageJson.exports ?? {})
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([subpath, target]) => ({
    reportName: subpath === '.' ? unscopedName : `${unscopedName}-${subpath.slice(2).replaceAll('/', '-')}`,
    typesPath: resolve(packageFolder, target.types),
  }));

/** Messages that describe our choices rather than mistakes: no release tags (@public/@beta) are used. */
const quiet = { logLevel: 'none', addToApiReportFile: false };

let failed = 0;
mkdirSync(join(packageFolder, 'etc'), { recursive: true });
for (const { reportName, typesPath } of entries) {
  if (!existsSync(typesPath)) {
    console.error(
      `${typesPath} is missing: build the package first (pnpm --filter ${packageJson.name} run build)`,
    );
    failed++;
    continue;
  }
  const config = ExtractorConfig.prepare({
    packageJsonFullPath: packageJsonPath,
    configObjectFullPath: join(packageFolder, 'api-extractor.json'),
    configObject: {
      projectFolder: packageFolder,
      mainEntryPointFilePath: typesPath,
      bundledPackages: [],
      newlineKind: 'lf',
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['es2023', 'dom', 'dom.iterable'],
            jsx: 'react-jsx',
            strict: true,
            types: [],
          },
          files: [typesPath],
        },
        skipLibCheck: true,
      },
      apiReport: {
        enabled: true,
        reportFileName: reportName,
        reportFolder: join(packageFolder, 'etc'),
        reportTempFolder: join(packageFolder, 'node_modules', '.cache', 'api-report'),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': quiet,
          // Every member of every props type: too fine for a report that should read as a list of names.
          'ae-undocumented': quiet,
          // A type the entry uses without exporting it is listed in the report, marked as such.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
          // A {@link} to a name the entry does not export: listed in the report, for review.
          'ae-unresolved-link': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: quiet },
      },
    },
  });
  const result = Extractor.invoke(config, { localBuild: isUpdate, showVerboseMessages: false });
  if (result.apiReportChanged && !isUpdate) {
    console.error(
      `\n${packageJson.name}: the public API differs from etc/${reportName}.api.md. If the change is meant,\n` +
        `run \`pnpm --filter ${packageJson.name} run api:update\` and commit the report with it.\n`,
    );
    failed++;
  } else if (!result.succeeded) {
    failed++;
  } else {
    console.log(
      `${packageJson.name}: etc/${reportName}.api.md ${isUpdate ? 'written' : 'matches the build'}`,
    );
  }
}
process.exit(failed ? 1 : 0);
