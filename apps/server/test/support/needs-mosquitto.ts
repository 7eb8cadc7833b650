import { MOSQUITTO, MOSQUITTO_PASSWD } from './mosquitto.js';
import { CAN_RUN_SHIPPED_MOSQUITTO } from './shipped-mosquitto.js';

/** The server-broker project runs where a Mosquitto does: said at once, rather than skipped. */
export default function needsMosquitto(): void {
  const missing = [
    !process.env.MQTT_TEST_URL && 'MQTT_TEST_URL (a running Mosquitto, mqtt://127.0.0.1:1883)',
    !MOSQUITTO && 'the mosquitto binary',
    !MOSQUITTO_PASSWD && 'mosquitto_passwd',
    !CAN_RUN_SHIPPED_MOSQUITTO && "Mosquitto's dynamic security plugin",
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`the server-broker project needs ${missing.join(', ')}`);
}
