import type { DeviceMessage, DeviceNotification } from '@ed/contract/device-protocol';
import type { Logger } from './logger.js';

export type InboxItem =
  | { kind: 'message'; receivedAt: string; message: DeviceMessage }
  | { kind: 'notification'; receivedAt: string; notification: DeviceNotification };

/** One line saying what a unit received, for the simulator's log. */
export function describeReceipt(serialNumber: string, item: InboxItem): string {
  if (item.kind === 'message') {
    const m = item.message;
    return `${serialNumber}: received message ${m.messageId} "${m.header}" until ${m.endsAt}`;
  }
  const n = item.notification;
  return `${serialNumber}: received notification ${n.notificationId} "${n.name}" (${n.mimeType} ${n.resourcePath}) until ${n.endsOn}`;
}

/** The most a unit keeps; the oldest go first. */
const CAPACITY = 50;

/**
 * What a unit was sent to show (on-device messages and notifications). It keeps the latest
 * of each item (a re-delivery replaces it), logs each arrival, and forgets items past their end.
 */
export class Inbox {
  private readonly items = new Map<string, InboxItem>();

  constructor(
    private readonly serialNumber: () => string,
    private readonly logger: Logger,
    private readonly now: () => number,
    private readonly onReceive: (item: InboxItem) => void = () => {},
  ) {}

  receiveMessage(message: DeviceMessage): void {
    this.keep(`message:${message.messageId}`, { kind: 'message', receivedAt: this.stamp(), message });
  }

  receiveNotification(notification: DeviceNotification): void {
    this.keep(`notification:${notification.notificationId}`, {
      kind: 'notification',
      receivedAt: this.stamp(),
      notification,
    });
  }

  /** What the unit shows now: items whose end has not passed, newest first. */
  current(): InboxItem[] {
    const now = this.now();
    return [...this.items.values()]
      .filter((item) => Date.parse(item.kind === 'message' ? item.message.endsAt : item.notification.endsOn) >= now)
      .reverse();
  }

  private keep(key: string, item: InboxItem): void {
    this.logger.info(describeReceipt(this.serialNumber(), item));
    this.onReceive(item);
    this.items.delete(key);
    this.items.set(key, item);
    for (const oldest of this.items.keys()) {
      if (this.items.size <= CAPACITY) break;
      this.items.delete(oldest);
    }
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }
}
