import { Readable } from 'node:stream';
import persistenceModule, { type AedesMemoryPersistence } from 'aedes-persistence';
import { awaitedStoreRetained, commonJsDefault } from '../../../shared/type-adapters.js';

// The package is CommonJS whose `module.exports` is the factory; its types declare it as `default`.
const memoryPersistence = commonJsDefault(persistenceModule);

/** What the index keeps of a retained PUBLISH: the broker replays it as stored. */
export interface RetainedPacket {
  topic: string;
  payload: Buffer | string;
}

interface Level {
  children: Map<string, Level>;
  packet?: RetainedPacket;
}

/**
 * Retained messages by topic level. aedes's memory store tests every retained message against
 * each new subscription, so with every unit's `status` retained each connect cost O(fleet) and a
 * fleet's start O(fleet²); here a subscription walks only the levels its filter names.
 */
export class RetainedIndex {
  private readonly root: Level = { children: new Map() };
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Keeps the packet as the topic's retained message; an empty payload clears it (MQTT 3.3.1.3). */
  store(packet: RetainedPacket): void {
    const words = packet.topic.split('/');
    if (packet.payload.length === 0) return this.remove(words);
    let level = this.root;
    for (const word of words) {
      let next = level.children.get(word);
      if (!next) {
        next = { children: new Map() };
        level.children.set(word, next);
      }
      level = next;
    }
    if (!level.packet) this.count += 1;
    level.packet = { ...packet };
  }

  /** The retained messages a topic filter matches; a leading wildcard skips `$` topics (MQTT 4.7.2). */
  *match(filter: string): Generator<RetainedPacket> {
    yield* this.walk(this.root, filter.split('/'), 0);
  }

  private *walk(level: Level, words: string[], at: number): Generator<RetainedPacket> {
    if (at === words.length) {
      if (level.packet) yield level.packet;
      return;
    }
    const word = words[at]!;
    if (word === '#') {
      // `a/#` matches `a` itself as well as everything below it.
      yield* this.everything(level, at === 0);
      return;
    }
    if (word === '+') {
      for (const [name, child] of level.children) {
        if (at === 0 && name.startsWith('$')) continue;
        yield* this.walk(child, words, at + 1);
      }
      return;
    }
    const child = level.children.get(word);
    if (child) yield* this.walk(child, words, at + 1);
  }

  private *everything(level: Level, top: boolean): Generator<RetainedPacket> {
    if (level.packet) yield level.packet;
    for (const [name, child] of level.children) {
      if (top && name.startsWith('$')) continue;
      yield* this.everything(child, false);
    }
  }

  private remove(words: string[]): void {
    const path: Level[] = [this.root];
    for (const word of words) {
      const next = path[path.length - 1]!.children.get(word);
      if (!next) return;
      path.push(next);
    }
    const last = path[path.length - 1]!;
    if (!last.packet) return;
    delete last.packet;
    this.count -= 1;
    // Prune the levels left empty, so a fleet that comes and goes leaves no trail behind.
    for (let i = words.length; i > 0; i -= 1) {
      const level = path[i]!;
      if (level.packet || level.children.size > 0) break;
      path[i - 1]!.children.delete(words[i - 1]!);
    }
  }
}

/** aedes's memory persistence with its retained messages kept in a `RetainedIndex`. */
export function indexedMemoryPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const index = new RetainedIndex();
  // aedes calls it without a callback and waits on the promise it returns (its types still show
  // the callback). A retained message is always a PUBLISH: the check only tells TypeScript so.
  persistence.storeRetained = awaitedStoreRetained((packet) => {
    if (packet.cmd === 'publish') index.store(packet);
    return Promise.resolve();
  });
  persistence.createRetainedStream = (filter) => Readable.from(index.match(filter));
  persistence.createRetainedStreamCombi = (filters) =>
    Readable.from(
      (function* () {
        for (const filter of filters) yield* index.match(filter);
      })(),
    );
  return persistence;
}
