import { spawnSync } from 'node:child_process';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// Every Python block is byte-compiled by the machine's Python (compile(), which is what
// py_compile runs), the version content/sample-checks.json pins: the oldest the pages support.
// One Python process checks all blocks.

const compileAll = `
import json, sys
results = []
for code in json.load(sys.stdin):
    try:
        compile(code, "<block>", "exec", dont_inherit=True)
        results.append(None)
    except SyntaxError as error:
        results.append({"line": error.lineno or 1, "column": error.offset or 1, "message": error.msg})
json.dump({"version": "%d.%d" % sys.version_info[:2], "results": results}, sys.stdout)
`;

export function pythonVersion(python = 'python3'): string {
  const result = spawnSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new Error(`${python} cannot run: ${result.error?.message ?? result.stderr}\n  Install Python (the machine's Python ${'3.11'} is what the samples are checked with).`);
  return result.stdout.trim();
}

export function checkPythonBlocks(blocks: ContentBlock[], version: string, python = 'python3'): string[] {
  const result = spawnSync(python, ['-c', compileAll], { input: JSON.stringify(blocks.map((block) => block.code)), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${python} failed: ${result.stderr}`);
  const output = JSON.parse(result.stdout) as { version: string; results: ({ line: number; column: number; message: string } | null)[] };
  if (output.version !== version) throw new Error(`${python} is Python ${output.version}, but content/sample-checks.json pins Python ${version}\n  Run the tests with Python ${version}, or change the pin and the pages that name the version.`);
  return output.results.flatMap((problem, index) => (problem ? [`${at(blocks[index], problem.line, problem.column)}: Python ${version} SyntaxError: ${problem.message}\n  Fix the code, or mark a deliberate partial with fragment="why"`] : []));
}
