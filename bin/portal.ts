import fs from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { BuildSummary } from '../src/build/build.ts';
import { formatProblem, PortalError } from '../src/errors.ts';
import { portalRoot } from '../src/portal-root.ts';
import { assertOutputFolder, UsageError } from '../src/output/output-folder.ts';

// Each command imports what it runs when it runs: `check-links` should not pay for loading
// TypeDoc, React and the Markdown pipeline (about a second on this machine).
const commands = {
  config: () => import('../src/config/load.ts'),
  build: () => import('../src/build/build.ts'),
  serve: () => import('../src/serve/serve.ts'),
  checkLinks: () => Promise.all([import('../src/links/check-dist.ts'), import('../src/links/report.ts'), import('../src/output/recover.ts')]),
  pullSpecs: () => import('../src/openapi/pull.ts'),
  mcp: () => import('../src/mcp/server.ts'),
};

const packageJson = JSON.parse(fs.readFileSync(path.join(portalRoot, 'package.json'), 'utf8')) as { version: string };

// Exit codes: 0 success, 1 build or validation failure, 2 usage error (a UsageError too).
const program = new Command()
  .name('portal')
  .description('Builds the Pexip developer portal: Markdown, OpenAPI specs and npm type declarations to a static site.')
  .version(packageJson.version, '-v, --version', 'print the portal version')
  .option('--verbose', 'print stack traces with errors, and list every page without a description (by default more than three are one line)')
  .showHelpAfterError('(run "portal --help" for usage)')
  .exitOverride();

program
  .command('build')
  .description('build the site into the output folder (the previous output is kept if the build fails)')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('-c, --config <file>', 'configuration file', 'portal.config.ts')
  .option('--json', 'print a machine-readable summary instead of progress')
  .option('--strict', 'fail on what makes the site hard for AI assistants to read (long llms.txt or twins, pages without a description, twins that drift from their pages), which otherwise warns: for CI')
  .addOption(new Option('--workers <count>', 'threads that render Markdown and make pages (default: one per core on large sites; 1: all on the main thread)').argParser(parseWorkers))
  .action(async (options: { out: string; config: string; json?: boolean; workers?: number; strict?: boolean }) => {
    const loaded = await (await commands.config()).loadConfig(options.config);
    const outDir = path.resolve(loaded.root, options.out);
    // Before anything is built: the swap at the end would delete what is there now.
    assertOutputFolder(outDir, { root: loaded.root, cacheDir: loaded.config.cacheDir, flag: '--out', given: options.out });
    const { build } = await commands.build();
    const summary = await build(loaded, {
      outDir,
      workers: options.workers,
      strict: options.strict,
      verbose: program.opts().verbose,
      reportDir: path.resolve(loaded.root, '.portal', 'reports'),
      onPhase: options.json ? undefined : (phase) => process.stderr.write(`portal: ${phase}…\n`),
    });
    report(summary, options.json);
    process.exitCode = summary.ok ? 0 : 1;
  });

program
  .command('serve')
  .description('serve the built site on http://127.0.0.1:3000 (with --watch: rebuild on change and reload the browser)')
  .addOption(new Option('-p, --port <port>', 'port').default(3000).argParser(parsePort))
  .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
  .option('-w, --watch', 'rebuild when content, templates or config change, and reload open pages')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('-c, --config <file>', 'configuration file', 'portal.config.ts')
  .action(async (options: { port: number; host: string; watch?: boolean; out: string; config: string }) => {
    const { serve } = await commands.serve();
    await serve(options);
  });

program
  .command('check-links')
  .description('check every internal link and #anchor of a built site (default: dist)')
  .argument('[dir]', 'the built site to check', 'dist')
  .option('--json', 'print the report as JSON')
  .action(async (dir: string, options: { json?: boolean }) => {
    // A file is no site to check (nor a build's leftovers to recover): say how to run it instead.
    if (fs.statSync(dir, { throwIfNoEntry: false })?.isFile()) {
      throw new UsageError({ severity: 'error', file: dir, message: 'this is a file; check-links checks the folder a build wrote', hint: 'Name the output folder instead: portal check-links dist (or the --out of your build).' });
    }
    const [{ checkBuiltSite }, { linkSummary, writeLinkReport }, { recoverInterruptedSwap }] = await commands.checkLinks();
    // A build killed mid-swap leaves the last output aside: put back before checking it.
    recoverInterruptedSwap(path.resolve(dir));
    // Each file's hrefs and ids are kept between runs (by the file's identity), so a run after a build reads only what changed.
    const report = checkBuiltSite(path.resolve(dir), path.resolve('.portal', 'reports', 'link-sources.json'), path.resolve('.portal-cache', 'check-links', 'scans.v8'));
    const files = writeLinkReport(report, path.resolve('.portal', 'reports'));
    if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      for (const problem of report.problems) process.stderr.write(`${formatProblem(problem)}\n`);
      process.stderr.write(`portal: ${linkSummary(report)} (report: ${path.relative(process.cwd(), files.text)})\n`);
    }
    // Only what the settings make an error fails: a warned or ignored link is in the report.
    process.exitCode = report.problems.some((problem) => problem.severity === 'error') ? 1 : 0;
  });

program
  .command('mcp')
  .description('serve the docs to AI coding assistants over stdio (Model Context Protocol): search, read_page, lookup_symbol, get_operation, get_sample')
  .option('-d, --dir <dir>', 'the built site', 'dist')
  .option('-s, --site <url>', 'a published site instead (https://…), its files fetched and cached on disk')
  .action(async (options: { dir: string; site?: string }) => {
    const { serveMcp } = await commands.mcp();
    await serveMcp({ dir: options.dir, site: options.site, version: packageJson.version });
  });

program
  .command('specs')
  .description('manage the OpenAPI snapshots in content/specs')
  .command('pull')
  .description('refresh each spec snapshot from its configured upstream URL (validated before it is written)')
  .option('-c, --config <file>', 'configuration file', 'portal.config.ts')
  .action(async (options: { config: string }) => {
    const loaded = await (await commands.config()).loadConfig(options.config);
    const { pullSpecs } = await commands.pullSpecs();
    for (const result of await pullSpecs(loaded.root, loaded.config)) {
      const status = { updated: 'updated', unchanged: 'already up to date', 'no-upstream': 'no upstream URL configured, nothing to pull' }[result.status];
      process.stderr.write(`portal: ${result.spec}: ${status}\n`);
    }
  });

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CommanderError(2, 'portal.invalidPort', `error: --port must be a whole number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

function parseWorkers(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new CommanderError(2, 'portal.invalidWorkers', `error: --workers must be a whole number from 1 to 64 (got "${value}")`);
  }
  return count;
}

function report(summary: BuildSummary, json: boolean | undefined) {
  if (json) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return;
  }
  for (const problem of [...summary.warnings, ...summary.errors]) process.stderr.write(`${formatProblem(problem)}\n`);
  const phases = summary.phases.map((phase) => `${phase.name} ${phase.ms} ms`).join(', ');
  const pages = Object.entries(summary.pages).map(([kind, count]) => `${count} ${kind}`).join(', ');
  if (summary.ok) {
    process.stderr.write(
      `portal: built ${pages}; ${summary.redirects} redirects; ${summary.links.checked} links checked ` +
        `into ${path.relative(process.cwd(), summary.outDir) || '.'} in ${summary.totalMs} ms (${phases})` +
        `${summary.warnings.length ? `, ${summary.warnings.length} warning(s)` : ''}\n`,
    );
  } else {
    process.stderr.write(`portal: build failed with ${summary.errors.length} error(s); the previous output was left untouched.\n`);
  }
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; every other commander error is a usage error.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') process.exitCode = 0;
    else {
      if (error.code === 'portal.invalidPort') process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
    }
  } else if (error instanceof PortalError) {
    process.stderr.write(`${error.message}\n`);
    if (program.opts().verbose && error.cause) process.stderr.write(`${(error.cause as Error).stack}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } else {
    const failure = error as Error;
    process.stderr.write(`portal: internal error: ${failure.message}\n`);
    process.stderr.write(program.opts().verbose ? `${failure.stack}\n` : '(run with --verbose for the stack trace, and report it as a portal bug)\n');
    process.exitCode = 1;
  }
}
