import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's packages put the operator's tools (prometheus: promtool and prometheus; systemd). */
export const TOOLS = {
  promtool: '/usr/bin/promtool',
  prometheus: '/usr/bin/prometheus',
  systemdAnalyze: '/usr/bin/systemd-analyze',
};

/** Why a tool cannot run here, or null: the CI run installs the packages first (.ci/run). */
export function missingTool(...names: (keyof typeof TOOLS)[]): string | null {
  const missing = names.filter((name) => !existsSync(TOOLS[name]));
  return missing.length > 0 ? `${missing.map((n) => TOOLS[n]).join(' and ')} not installed` : null;
}

/** Runs a tool; resolves with its output and exit code, whatever the code. */
export async function tool(
  name: keyof typeof TOOLS,
  args: string[],
  options: { cwd?: string } = {},
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(TOOLS[name], args, { ...options, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: (failed.stdout ?? '') + (failed.stderr ?? ''),
    };
  }
}
