import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What a unit keeps of its registration, as a real unit keeps it on its own storage. */
export interface StoredCredential {
  deviceToken: string;
  websocketPath: string;
  topicRoot: string;
  /** The broker the server named (`mqtt.url`), if it named one. */
  mqttUrl?: string | null;
  /** The server wants a check-in before each connection (`mqtt.checkIn`); absent from older servers. */
  checkIn?: boolean;
}

/**
 * Where units keep their credentials between starts. A unit that forgot its credential cannot
 * register its serial number again without an administrator's approval (a claim), so a fleet
 * that is restarted must remember.
 */
export interface CredentialStore {
  get(serialNumber: string): StoredCredential | undefined;
  set(serialNumber: string, credential: StoredCredential): void;
  delete(serialNumber: string): void;
  /** Writes now what is kept for later (called when the fleet stops). */
  flush?(): void;
}

export class MemoryCredentialStore implements CredentialStore {
  protected readonly credentials = new Map<string, StoredCredential>();

  get(serialNumber: string): StoredCredential | undefined {
    return this.credentials.get(serialNumber);
  }

  set(serialNumber: string, credential: StoredCredential): void {
    this.credentials.set(serialNumber, credential);
  }

  delete(serialNumber: string): void {
    this.credentials.delete(serialNumber);
  }
}

const WRITE_DELAY_MS = 500;

/**
 * Credentials in one JSON file (mode 0600), written whole to a temporary file and renamed, so a
 * crash leaves the old file or the new one, never half of one. Writes are gathered: a fleet
 * registering thousands of units writes the file a few times a second at most.
 */
export class FileCredentialStore extends MemoryCredentialStore {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string) {
    super();
    let saved: unknown = null;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // A first start has no file yet; an unreadable one is started over (its units then claim).
    }
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) saved = {};
    for (const [serial, credential] of Object.entries(saved as Record<string, StoredCredential>)) {
      this.credentials.set(serial, credential);
    }
  }

  override set(serialNumber: string, credential: StoredCredential): void {
    super.set(serialNumber, credential);
    this.schedule();
  }

  override delete(serialNumber: string): void {
    super.delete(serialNumber);
    this.schedule();
  }

  /** Writes now what is pending (called on stop). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.credentials)), { mode: 0o600 });
    renameSync(temporary, this.file);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), WRITE_DELAY_MS);
    this.timer.unref();
  }
}
