import type { DeviceMessage, DeviceNotification } from '@ed/contract/device-protocol';
import type { Logger } from './logger.js';

export type InboxItem =
  | { kind: 'message'; receivedAt: string; message: DeviceMessage }
  | { kind: 'notification'; receivedAt: string; notification: DeviceNotification };

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
  ) {}

  receiveMessage(message: DeviceMessage): void {
    this.keep(`message:${message.messageId}`, { kind: 'message', receivedAt: this.stamp(), message });
    this.logger.info(`${this.serialNumber()}: received message ${message.messageId} "${message.header}"`);
  }

  receiveNotification(notification: DeviceNotification): void {
    this.keep(`notification:${notification.notificationId}`, {
      kind: 'notification',
      receivedAt: this.stamp(),
      notification,
    });
    this.logger.info(
      `${this.serialNumber()}: received notification ${notification.notificationId} "${notification.name}" (${notification.mimeType} ${notification.resourcePath})`,
    );
  }

  /** What the unit shows now: items whose end has not passed, newest first. */
  current(): InboxItem[] {
    const now = this.now();
    return [...this.items.values()]
      .filter((item) => Date.parse(item.kind === 'message' ? item.message.endsAt : item.notification.endsOn) >= now)
      .reverse();
  }

  private keep(key: string, item: InboxItem): void {
    this.items.delete(key);
    this.items.set(key, item);
    while (this.items.size > CAPACITY) this.items.delete(this.items.keys().next().value!);
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }
}
