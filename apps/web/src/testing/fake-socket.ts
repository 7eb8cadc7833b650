type Handler = (...args: unknown[]) => void;

/** Stands in for a socket.io client socket: records what the app sends, lets a test play the server. */
export class FakeSocket {
  connected = false;
  active = false;
  readonly sent: Array<{ event: string; args: unknown[] }> = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.sent.push({ event, args });
    return this;
  }

  connect() {
    this.active = true;
    return this;
  }

  disconnect() {
    this.active = false;
    this.setConnected(false, 'io client disconnect');
    return this;
  }

  /** The server accepts the handshake. */
  accept() {
    this.setConnected(true);
  }

  /** The server refuses the handshake. */
  refuse(message: string) {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** The server sends an event. */
  serverEmit(event: string, payload: unknown) {
    this.fire(event, payload);
  }

  private setConnected(connected: boolean, reason?: string) {
    if (this.connected === connected) return;
    this.connected = connected;
    if (connected) this.fire('connect');
    else this.fire('disconnect', reason);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}
