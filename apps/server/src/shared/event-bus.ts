import type { FastifyBaseLogger } from 'fastify';

type Handler<E> = (event: E) => Promise<void> | void;

/** Who handles an event: the area that subscribed, for the list in docs/architecture.md. */
export interface Subscription {
  event: string;
  area: string;
}

/**
 * A typed, in-process event bus: one instance per server, the events declared in one map. An
 * area subscribes where it is registered (its plugin), so each plugin reads as the list of what
 * it reacts to, and `subscriptions()` lists them all. Events are facts that happened in this
 * process; what other instances must hear goes through the database or the live adapter.
 */
export class EventBus<Events extends object> {
  private readonly handlers = new Map<keyof Events, { area: string; handle: Handler<never> }[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends keyof Events>(event: K, area: string, handle: Handler<Events[K]>): void {
    const list = this.handlers.get(event) ?? [];
    list.push({ area, handle });
    this.handlers.set(event, list);
  }

  /**
   * Runs every handler in turn, in the order they subscribed, and waits for each: for events
   * that are part of a unit of work (a rename inside its transaction). The first failure stops
   * the others and is thrown to the emitter, which rolls its work back.
   */
  async emit<K extends keyof Events>(event: K, payload: Events[K]): Promise<void> {
    for (const { handle } of this.handlers.get(event) ?? []) await (handle as Handler<Events[K]>)(payload);
  }

  /**
   * Tells every handler and does not wait: for notifications after the fact (a unit changed).
   * A handler's failure is logged with its area; it never reaches the emitter or the others.
   */
  notify<K extends keyof Events>(event: K, payload: Events[K]): void {
    // Called for every unit's every change: a handler that finishes at once costs no promise.
    const failed = (area: string) => (err: unknown) => this.log.error({ err, event, area }, 'an event handler failed');
    for (const { area, handle } of this.handlers.get(event) ?? []) {
      try {
        const done = (handle as Handler<Events[K]>)(payload);
        if (done instanceof Promise) done.catch(failed(area));
      } catch (err) {
        failed(area)(err);
      }
    }
  }

  /** Whether anyone handles the event (a unit message nobody handles is dropped and logged). */
  handles(event: keyof Events): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }

  subscriptions(): Subscription[] {
    return [...this.handlers].flatMap(([event, list]) => list.map(({ area }) => ({ event: String(event), area })));
  }
}
