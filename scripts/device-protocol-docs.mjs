// npm run docs:device-protocol: writes the published device protocol (docs/device-protocol.asyncapi.json
// and one JSON Schema per payload in docs/device-protocol-schemas/) from the built contract, formatted
// as the repository formats JSON, so `prettier --check` passes. A test of the contract
// (device-asyncapi.test.ts) fails while the committed copies differ from what the contract makes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { DEVICE_SCHEMAS_FOLDER, deviceProtocolFiles } from '@ed/contract/device-asyncapi';

const docs = fileURLToPath(new URL('../docs', import.meta.url));
const files = deviceProtocolFiles();
const folder = path.join(docs, DEVICE_SCHEMAS_FOLDER);
mkdirSync(folder, { recursive: true });
// A payload no longer published leaves no schema file behind.
for (const name of readdirSync(folder)) {
  if (!(`${DEVICE_SCHEMAS_FOLDER}/${name}` in files)) rmSync(path.join(folder, name));
}
for (const [name, json] of Object.entries(files)) {
  const file = path.join(docs, name);
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  writeFileSync(file, await prettier.format(JSON.stringify(json), options));
}
console.log(
  `wrote ${Object.keys(files).length} files under docs/ (device-protocol.asyncapi.json, ${DEVICE_SCHEMAS_FOLDER}/)`,
);
