/**
 * How long this instance has heard the fleet and stored what it heard without a break, the
 * primary-host idea of Sparkplug: the sweep judges a unit silent only when three of its beats fit
 * in this window. A stop of every instance, a lost broker connection or a database outage
 * restarts it, so the beats that went unheard meanwhile never pass for the units' silence.
 */
export class ListeningWindow {
  /** When the current unbroken stretch began (ms), or null while broken. */
  private since: number | null = null;
  private connected = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The broker connection is up and subscribed: the stretch begins. */
  connectedToBroker(): void {
    this.connected = true;
    this.since = this.now();
  }

  /** The broker connection dropped: what units say meanwhile is not heard. */
  disconnectedFromBroker(): void {
    this.connected = false;
    this.since = null;
  }

  /** A write of what units said failed: what came meanwhile may be lost. */
  storeFailed(): void {
    this.since = null;
  }

  /** A write succeeded: a broken stretch starts again from here. */
  stored(): void {
    if (this.connected && this.since === null) this.since = this.now();
  }

  /** Whether the broker connection is up and subscribed (readiness). */
  brokerConnected(): boolean {
    return this.connected;
  }

  /** Whole seconds of the current stretch (0 while broken). */
  seconds(): number {
    return this.since === null ? 0 : Math.floor((this.now() - this.since) / 1000);
  }
}
