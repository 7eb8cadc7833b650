import { awaitState, mergedState, type RunContext, type UnitState } from './run-context.js';
import { judgeAnswer } from './steps-commands.js';
import { PACKAGES_PATH, makePackage, stagedFiles, type TestPackage } from './test-package.js';

/** The version `by` patch releases after `semantic` (x.y.z), or null for a version of another form. */
export function bumpVersion(semantic: unknown, by: number): string | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(typeof semantic === 'string' ? semantic : '');
  if (!match) return null;
  const [, major = '', minor = '', patch = ''] = match;
  return `${major}.${minor}.${Number(patch) + by}`;
}

type Update = { state?: unknown; downloadProgress?: { software?: unknown }; installProgress?: { software?: unknown } };
const updateOf = (s: UnitState): Update => s.updateState ?? {};
const stateName = (s: UnitState): unknown => updateOf(s).state;
const versionOf = (s: UnitState): unknown => (s.version as { semantic?: unknown } | undefined)?.semantic;

/** The update states the unit reported from `since` on, in order, without repeats. */
function statesSince(ctx: RunContext, since: number): string[] {
  const names: string[] = [];
  for (const p of ctx.observations.of('publish', since)) {
    if (p.topic !== ctx.topics.state(ctx.serial)) continue;
    const name = stateName((JSON.parse(p.payload) ?? {}) as UnitState);
    if (typeof name === 'string' && names.at(-1) !== name) names.push(name);
  }
  return names;
}

/** Stages `pkg` and waits for its READY_TO_DOWNLOAD report; the problem, or null. */
async function stage(ctx: RunContext, pkg: TestPackage): Promise<{ problem: string | null; mark: number }> {
  const url = ctx.env.front.shelve(pkg);
  const answer = await ctx.commander.call('stage', { version: pkg.version, url, files: stagedFiles(pkg) });
  const mark = answer.command.mark;
  if (answer.problem) return { problem: `stage: ${answer.problem}`, mark };
  const next = pkg.version.semantic;
  const ready = await awaitState(
    ctx,
    (s) => s.pendingSoftwareDownload === next && stateName(s) === 'READY_TO_DOWNLOAD',
    ctx.timeoutMs,
    mark,
  );
  return { problem: ready ? null : `no report of pendingSoftwareDownload ${next} with READY_TO_DOWNLOAD`, mark };
}

/** Each file of the package fetched whole, with the unit's Basic credentials. */
function downloadProblems(ctx: RunContext, pkg: TestPackage, since: number): string[] {
  const calls = ctx.observations.of('http', since).filter((c) => c.path.startsWith(`${PACKAGES_PATH}${pkg.id}/`));
  return pkg.files.flatMap((file) => {
    const mine = calls.filter(
      (c) => c.path.endsWith(`/${encodeURIComponent(file.name)}`) || c.path.endsWith(`/${file.name}`),
    );
    const refused = mine.filter((c) => c.status === 401).length;
    const bytes = mine.filter((c) => c.status === 200 || c.status === 206).reduce((sum, c) => sum + c.bytes, 0);
    if (bytes >= file.body.length) return [];
    if (mine.length === 0) return [`${file.name} was never fetched`];
    return [
      `${file.name}: ${bytes} of ${file.body.length} bytes${refused ? `, ${refused} answered 401 (Basic serial:token)` : ''}`,
    ];
  });
}

/**
 * Staging as the server does it (docs/device-protocol.md, "Staging and package download"): stage
 * with an absolute url to the kit's package, download_now, the files fetched and checked,
 * install_now, and the install states up to INSTALLATION_COMPLETE with the new version.
 */
export async function stagingAndInstall(ctx: RunContext): Promise<void> {
  const { book, timeoutMs } = ctx;
  const current = versionOf(mergedState(ctx));
  const next = bumpVersion(current, 1);
  if (!next) {
    book.fail('stage', `its version.semantic ${JSON.stringify(current)} is not x.y.z: the kit cannot name a newer one`);
    return;
  }
  const pkg = makePackage(next);
  const staged = await stage(ctx, pkg);
  if (staged.problem) {
    book.fail('stage', staged.problem);
    return;
  }
  book.pass('stage', `${current as string} → ${next} pending`);

  // The operator's lever: at once, rather than at the updater's next poll.
  judgeAnswer(ctx, await ctx.commander.call('download_now'));
  const progress = await awaitState(
    ctx,
    (_, report) => stateName(report) === 'DOWNLOADING' && Boolean(updateOf(report).downloadProgress?.software),
    timeoutMs,
    staged.mark,
  );
  const downloaded = await awaitState(ctx, (s) => stateName(s) === 'READY_TO_INSTALL', timeoutMs, staged.mark);
  const problems = [
    ...(progress ? [] : ['no DOWNLOADING report with downloadProgress.software']),
    ...downloadProblems(ctx, pkg, staged.mark),
    ...(downloaded ? [] : [`no READY_TO_INSTALL in ${timeoutMs / 1000} s`]),
  ];
  book.judge('download', problems.length === 0, problems.join('; ') || `${pkg.files.length} files`);
  if (!downloaded) return;

  const install = await ctx.commander.call('install_now');
  judgeAnswer(ctx, install);
  const installing = await awaitState(
    ctx,
    (_, report) =>
      stateName(report) === 'INSTALLING_UPDATE' && typeof updateOf(report).installProgress?.software === 'number',
    timeoutMs,
    staged.mark,
  );
  const complete = await awaitState(
    ctx,
    (s) => stateName(s) === 'INSTALLATION_COMPLETE',
    timeoutMs,
    install.command.mark,
  );
  const settled = complete
    ? await awaitState(
        ctx,
        (s) => versionOf(s) === next && s.pendingSoftwareDownload === null,
        timeoutMs,
        ctx.observations.all.indexOf(complete),
      )
    : null;
  const path = statesSince(ctx, staged.mark).join(' → ');
  const missing = ['VALIDATING_UPDATE', 'SYSMAN_RESTART'].filter((s) => !path.includes(s));
  const problem = !installing
    ? 'no INSTALLING_UPDATE report with installProgress.software'
    : !complete
      ? `no INSTALLATION_COMPLETE in ${timeoutMs / 1000} s`
      : !settled
        ? `after INSTALLATION_COMPLETE: version ${JSON.stringify(versionOf(mergedState(ctx)))}, pendingSoftwareDownload ${JSON.stringify(mergedState(ctx).pendingSoftwareDownload)} (want ${next}, null)`
        : null;
  const note = missing.length > 0 ? ` (without ${missing.join(', ')})` : '';
  book.judge('install', problem === null, `${problem ? `${problem}; ` : ''}${path}${note}`);
}

/** A second version staged, then clear_pending_updates: nothing pending any more. */
export async function unstaging(ctx: RunContext): Promise<void> {
  const next = bumpVersion(versionOf(mergedState(ctx)), 1);
  if (!next) {
    ctx.book.skip('unstage', 'its version is not x.y.z');
    return;
  }
  const staged = await stage(ctx, makePackage(next));
  if (staged.problem) {
    ctx.book.fail('unstage', staged.problem);
    return;
  }
  const answer = await ctx.commander.call('clear_pending_updates');
  judgeAnswer(ctx, answer);
  const cleared = await awaitState(ctx, (s) => s.pendingSoftwareDownload === null, ctx.timeoutMs, answer.command.mark);
  ctx.book.judge(
    'unstage',
    cleared !== null,
    cleared ? `${next} staged, then cleared` : 'pendingSoftwareDownload not reported null',
  );
}
