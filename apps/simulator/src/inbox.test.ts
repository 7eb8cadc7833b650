import { describe, expect, it } from 'vitest';
import { Inbox, type InboxItem } from './inbox.js';
import type { Logger } from './logger.js';

const message = (id: number, endsAt: string) => ({
  messageId: id,
  header: `Header ${id}`,
  body: 'Body',
  callToAction: 'Go',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt,
});

describe('Inbox', () => {
  it('keeps, logs and announces what arrives, newest first, and forgets what has ended', () => {
    const lines: string[] = [];
    const logger: Logger = { debug: () => {}, info: (l) => lines.push(l), warn: () => {}, error: () => {} };
    const received: InboxItem[] = [];
    let now = Date.parse('2026-01-02T00:00:00Z');
    const inbox = new Inbox(
      () => 'V33CQ0123',
      logger,
      () => now,
      (item) => received.push(item),
    );
    inbox.receiveMessage(message(1, '2026-01-03T00:00:00.000Z'));
    inbox.receiveNotification({
      notificationId: 9,
      name: 'Promo',
      resourcePath: '/promo.png',
      mimeType: 'image/png',
      beginsOn: '2026-01-01T00:00:00.000Z',
      endsOn: '2026-01-05T00:00:00.000Z',
    });
    expect(lines[0]).toBe('V33CQ0123: received message 1 "Header 1" until 2026-01-03T00:00:00.000Z');
    expect(received).toHaveLength(2);
    expect(inbox.current().map((i) => i.kind)).toEqual(['notification', 'message']);
    inbox.receiveMessage(message(1, '2026-01-03T00:00:00.000Z'));
    expect(inbox.current()).toHaveLength(2);
    now = Date.parse('2026-01-04T00:00:00Z');
    expect(inbox.current().map((i) => i.kind)).toEqual(['notification']);
  });
});
