import { Duplex } from 'node:stream';
import mqttPacket, { type Packet } from 'mqtt-packet';

/** MQTT 3.1.1 CONNACK return codes as MQTT 5 reason codes (refused: 134 bad credentials, 135 not authorised…). */
const REASON_OF_RETURN_CODE: Record<number, number> = { 0: 0, 1: 132, 2: 133, 3: 136, 4: 134, 5: 135 };

type Loose = Record<string, unknown> & { cmd: string };

/** A client's MQTT 5 packet as MQTT 3.1.1: the same meaning without properties or reason codes. */
function toV4(packet: Packet): Packet {
  const p = { ...packet } as unknown as Loose;
  delete p.properties;
  delete p.reasonCode;
  if (p.cmd === 'connect') {
    p.protocolVersion = 4;
    p.protocolId = 'MQTT';
    if (p.will) p.will = { ...p.will, properties: undefined };
  }
  if (p.cmd === 'subscribe') {
    // No Local, Retain As Published and Retain Handling have no 3.1.1 form; the QoS is what counts here.
    p.subscriptions = (p.subscriptions as { topic: string; qos: number }[]).map(({ topic, qos }) => ({ topic, qos }));
  }
  return p as unknown as Packet;
}

/** aedes' MQTT 3.1.1 packet for an MQTT 5 client. */
function toV5(packet: Packet, unsubscribed: Map<number, number>): Packet {
  const p = { ...packet } as unknown as Loose;
  if (p.cmd === 'connack') {
    p.reasonCode = REASON_OF_RETURN_CODE[p.returnCode as number] ?? 128;
    delete p.returnCode;
  }
  if (p.cmd === 'unsuback') {
    // 3.1.1 says nothing per topic; MQTT 5 wants one reason code for each topic of the UNSUBSCRIBE.
    const count = unsubscribed.get(p.messageId as number) ?? 1;
    unsubscribed.delete(p.messageId as number);
    p.granted = Array.from({ length: count }, () => 0);
  }
  return p as unknown as Packet;
}

/**
 * The kit's broker is aedes, which speaks MQTT 3.1.1 only, and the protocol allows units (and the
 * server's gateway, which always uses 5 on an external broker) to speak MQTT 5. This stream sits
 * between a client's socket and aedes: a 3.1.1 client's bytes pass untouched; an MQTT 5 client's
 * packets are translated both ways. What has no 3.1.1 form (properties) is dropped: nothing in the
 * device protocol uses them.
 */
export function bridgeMqtt5(socket: Duplex): Duplex {
  let mode: 'detect' | 'raw' | 'v5' = 'detect';
  const held: Buffer[] = [];
  const fromClient = mqttPacket.parser({ protocolVersion: 5 });
  const fromBroker = mqttPacket.parser({ protocolVersion: 4 });
  const unsubscribed = new Map<number, number>();

  const toBroker = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, _encoding, done) {
      if (mode === 'v5') fromBroker.parse(chunk);
      else socket.write(chunk);
      done();
    },
    final(done) {
      socket.end();
      done();
    },
    destroy(error, done) {
      socket.destroy();
      done(error);
    },
  });
  const push = (chunk: Buffer): void => {
    if (!toBroker.push(chunk)) socket.pause();
  };

  fromClient.on('packet', (packet: Packet) => {
    if (mode === 'detect') {
      const v5 = packet.cmd === 'connect' && packet.protocolVersion === 5;
      mode = v5 ? 'v5' : 'raw';
      const raw = held.splice(0);
      if (!v5) {
        for (const chunk of raw) push(chunk);
        return;
      }
    }
    if (mode !== 'v5') return;
    if (packet.cmd === 'unsubscribe') unsubscribed.set(packet.messageId ?? 0, packet.unsubscriptions.length);
    push(mqttPacket.generate(toV4(packet)));
  });
  fromClient.on('error', (error: Error) => toBroker.destroy(error));
  fromBroker.on('packet', (packet: Packet) => {
    socket.write(mqttPacket.generate(toV5(packet, unsubscribed), { protocolVersion: 5 }));
  });
  fromBroker.on('error', (error: Error) => toBroker.destroy(error));

  socket.on('data', (chunk: Buffer) => {
    if (mode === 'raw') return push(chunk);
    if (mode === 'detect') held.push(chunk);
    fromClient.parse(chunk);
  });
  socket.on('end', () => toBroker.push(null));
  socket.on('close', () => toBroker.destroy());
  socket.on('error', (error) => toBroker.destroy(error));
  return toBroker;
}
