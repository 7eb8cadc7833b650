// The Node.js lines this project supports are the root package.json's `engines.node`, one range
// per line ("^20.19.0 || ^24.0.0"): CI tests each. Every package in the lock file must admit all
// of each line, so that `npm ci` prints no EBADENGINE on any of them; a dependency that drops a
// line fails here, naming it, before a user's install warns.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const lines = root.engines.node.split('||').map((range) => range.trim());

const refusals = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  if (!where || typeof wanted !== 'string') continue;
  // Builds for another system or processor are not installed here, nor checked by npm.
  if (entry.optional && entry.os && !entry.os.includes(process.platform)) continue;
  for (const line of lines) {
    if (!semver.subset(line, wanted)) {
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      refusals.push(`${name}@${entry.version} wants Node.js ${wanted}, which leaves out part of ${line}`);
    }
  }
}
if (lock.packages['']?.engines?.node !== root.engines.node) {
  refusals.push('package-lock.json states other engines than package.json: run npm install');
}
if (refusals.length > 0) {
  console.error(`${refusals.length} installed packages refuse a Node.js line this project supports:`);
  for (const refusal of refusals) console.error(`  ${refusal}`);
  process.exit(1);
}
console.log(`Every installed package admits Node.js ${lines.join(' and ')}.`);
