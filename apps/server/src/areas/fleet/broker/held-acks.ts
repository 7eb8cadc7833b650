import type { MqttClient } from 'mqtt';

interface Held {
  messageId: number;
  /** The connection the message came on: its acknowledgement means nothing on another. */
  stream: unknown;
  stored: boolean;
  /** The PUBACK mqtt.js wanted to send at once, kept until the message is stored. */
  ack?: unknown;
}

type SendPacket = (packet: { cmd: string; messageId?: number }, cb?: (err?: Error) => void, ...rest: unknown[]) => void;

/**
 * Acknowledges each QoS 1 message only once it is stored, in the order received (MQTT 4.6),
 * without holding up the messages behind it. mqtt.js sends the PUBACK as soon as the 'message'
 * handlers have run and handles one packet at a time until then; its `customHandleAcks` would
 * make every message wait for the one before to be stored, one database round trip per message.
 * So the PUBACK it writes is taken aside here (its internal `_sendPacket`, pinned by
 * held-acks.test.ts) and written when the store's promise settles. A message whose connection
 * ends before that is never acknowledged: the broker redelivers it, or the unit's next beat
 * reveals the gap (rebirths.ts).
 */
export function holdAcks(client: MqttClient): (messageId: number | undefined, stored: Promise<unknown>) => void {
  const internals = client as unknown as { _sendPacket: SendPacket; stream: unknown };
  const send = internals._sendPacket.bind(client);
  let held: Held[] = [];
  const waiting = new Map<number, Held>();

  const flush = () => {
    for (let next = held[0]; next?.stored && next.ack; next = held[0]) {
      held.shift();
      waiting.delete(next.messageId);
      if (next.stream === internals.stream && client.connected) send(next.ack as { cmd: string });
    }
  };
  internals._sendPacket = (packet, cb, ...rest) => {
    const entry = packet.cmd === 'puback' && packet.messageId !== undefined ? waiting.get(packet.messageId) : undefined;
    if (!entry || entry.stream !== internals.stream) return send(packet, cb, ...rest);
    entry.ack = packet;
    // mqtt.js moves on to the next packet when this returns.
    cb?.();
    flush();
  };
  client.on('close', () => {
    held = [];
    waiting.clear();
  });

  return (messageId, stored) => {
    if (messageId === undefined) return;
    const entry: Held = { messageId, stream: internals.stream, stored: false };
    held.push(entry);
    waiting.set(messageId, entry);
    const done = () => {
      entry.stored = true;
      flush();
    };
    stored.then(done, done);
  };
}
