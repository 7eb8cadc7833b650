// The broken unit's updater (broken-unit.mjs): stage, download with its credential, check the
// checksums, install, clear, each step reported in updateState as docs/device-protocol.md says.
import { createHash } from 'node:crypto';

const INSTALLING = new Set(['VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE']);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const updateState = (state, extra = {}) => ({
  state,
  downloading: { software: false },
  downloadProgress: { software: null },
  installing: { software: false },
  installProgress: { software: null },
  softwareUpdateDownload: null,
  ...extra,
});

export class Updater {
  constructor(host) {
    this.host = host;
    this.staged = null;
    this.busy = false;
  }

  get current() {
    return this.host.state().updateState?.state;
  }

  stage({ version, url, files }) {
    if (INSTALLING.has(this.current)) throw new Error('an installation is in progress');
    if (version.semantic === this.host.state().version.semantic) return;
    this.staged = { version, url, files };
    this.host.report({ pendingSoftwareDownload: version.semantic, updateState: updateState('READY_TO_DOWNLOAD') });
  }

  download() {
    if (!this.staged) throw new Error('no software download is pending');
    if (this.busy) return;
    this.busy = true;
    void this.fetchAll(this.staged).then(
      () => (this.busy = false),
      (error) => {
        this.busy = false;
        this.host.log(`download failed: ${error.message}`);
        this.host.report({ updateState: updateState('READY_TO_DOWNLOAD') });
      },
    );
  }

  async fetchAll(staged) {
    const bodies = new Map();
    for (const [index, file] of staged.files.entries()) {
      const fileProgress = { bytesTransferred: 0, progress: 0, transferRate: 0, estimatedTimeRemaining: 0 };
      const progress = {
        currentFile: file.name,
        filesTransferred: index,
        totalFilesToTransfer: staged.files.length,
        fileProgress,
      };
      this.host.report({
        updateState: updateState('DOWNLOADING', {
          downloading: { software: true },
          downloadProgress: { software: progress },
        }),
      });
      const response = await fetch(new URL(file.name, staged.url), { headers: { authorization: this.host.basic() } });
      if (!response.ok) throw new Error(`${file.name}: HTTP ${response.status}`);
      bodies.set(file.name, Buffer.from(await response.arrayBuffer()));
    }
    for (const [name, body] of bodies) {
      if (!name.endsWith('.sha256')) continue;
      const [digest] = body.toString('utf8').trim().split(/\s+/);
      const target = bodies.get(name.slice(0, -'.sha256'.length));
      if (target && createHash('sha256').update(target).digest('hex') !== digest)
        throw new Error(`checksum of ${name}`);
    }
    const download = { version: { semantic: staged.version.semantic } };
    this.host.report({ updateState: updateState('READY_TO_INSTALL', { softwareUpdateDownload: download }) });
  }

  install() {
    if (INSTALLING.has(this.current)) return;
    if (this.current !== 'READY_TO_INSTALL' || !this.staged) throw new Error('no downloaded update to install');
    const staged = this.staged;
    void (async () => {
      for (const state of ['VALIDATING_UPDATE', 'SYSMAN_RESTART']) {
        this.host.report({ updateState: updateState(state) });
        await sleep(300);
      }
      for (const percent of [0, 50, 100]) {
        const installing = { installing: { software: true }, installProgress: { software: percent } };
        this.host.report({ updateState: updateState('INSTALLING_UPDATE', installing) });
        await sleep(300);
      }
      this.staged = null;
      this.host.report({
        version: staged.version,
        pendingSoftwareDownload: null,
        updateState: updateState('INSTALLATION_COMPLETE'),
      });
    })();
  }

  clear() {
    if (INSTALLING.has(this.current)) throw new Error('an installation is in progress');
    this.staged = null;
    this.host.report({ pendingSoftwareDownload: null, updateState: updateState('TRY_INSERT_UPDATE') });
  }
}
