"""One MQTT connection of the unit, under one sequence (docs/device-protocol.md, "What a unit sends on connect").

A new connection is a new object with a new seq and a new last will: the client library's own
automatic reconnect is never used, because it would keep the old will and so the old seq.
"""

import json
import logging
import random
import time
from collections import OrderedDict
from datetime import datetime, timezone

import paho.mqtt.client as mqtt

from commands import CommandRefused
from protocol import HttpError, broker_address, check_in

log = logging.getLogger("unit.mqtt")
KEEPALIVE = 30
REFUSED = (4, 5)  # CONNACK "bad user name or password", "not authorized"
_replies = OrderedDict()  # command id -> reply: a repeated command is answered again, not done twice


def expired(expires_at):
    """True once the command's expiresAt is past: the server gave up, so acting now would surprise."""
    try:
        at = datetime.fromisoformat(str(expires_at).replace("Z", "+00:00"))
    except ValueError:
        return False
    return datetime.now(timezone.utc) > at


class Connection:
    def __init__(self, unit, seq):
        self.unit, self.seq = unit, seq
        self.topics = unit.topics
        self.after_reply = []
        self.outcome = None
        self.client = None
        self.ready = False
        self.next_beat = None

    # ---- lifecycle -----------------------------------------------------------------------------
    def run(self):
        unit = self.unit
        if unit.mqtt_info.get("checkIn") and not self._check_in():
            return self.outcome or "ended"
        where = broker_address(unit.server, unit.mqtt_info)
        client = mqtt.Client(client_id=unit.serial, clean_session=True, protocol=mqtt.MQTTv311,
                             transport=where["transport"])
        if where["transport"] == "websockets":
            client.ws_set_options(path=where["path"])
        if where["tls"]:
            client.tls_set()
        client.username_pw_set(unit.serial, unit.token)
        # The will carries this connection's seq: the broker publishes it if we vanish.
        client.will_set(self.topics.status, json.dumps(self._status(False)), qos=1, retain=True)
        client.on_connect, client.on_subscribe = self._on_connect, self._on_subscribe
        client.on_message, client.on_disconnect = self._on_message, self._on_disconnect
        self.client = client
        log.info("connecting to %s:%s (%s) as %s, seq %s", where["host"], where["port"], where["transport"],
                 unit.serial, self.seq)
        try:
            client.connect(where["host"], where["port"], keepalive=KEEPALIVE)
        except OSError as err:
            log.warning("cannot reach the broker: %s", err)
            return "ended"
        while self.outcome is None:
            if unit.stopping.is_set():
                self.end(goodbye=True, reconnect_at_once=False)
                break
            if client.loop(timeout=0.2) != mqtt.MQTT_ERR_SUCCESS and self.outcome is None:
                self.outcome = "ended"
            self._tick()
        self.ready = False
        return self.outcome

    def end(self, goodbye, reconnect_at_once):
        """A clean end: the death {online: false, seq}, retained, then DISCONNECT."""
        if self.outcome is not None:
            return
        self.outcome = "again" if reconnect_at_once else "stopped"
        if goodbye and self.ready:
            info = self.client.publish(self.topics.status, json.dumps(self._status(False)), qos=1, retain=True)
            deadline = time.monotonic() + 3
            while not info.is_published() and time.monotonic() < deadline:
                self.client.loop(timeout=0.1)
        self.ready = False
        self.client.disconnect()
        self.client.loop(timeout=0.1)

    def wake(self):
        """Signals are looked at every 0.2 s by the loop; nothing to do here."""

    def publish(self, topic, message, retain=False):
        if not self.ready:
            return False
        self.client.publish(topic, json.dumps(message), qos=1, retain=retain)
        return True

    def birth(self):
        self.publish(self.topics.status, self._status(True), retain=True)
        self.next_beat = time.monotonic() + self.unit.heartbeat

    def _status(self, online):
        status = {"online": online, "seq": self.seq, "heartbeatSeconds": self.unit.heartbeat}
        if online and self.unit.state_seq is not None:
            status["stateSeq"] = self.unit.state_seq
        return status

    def _tick(self):
        if self.ready and self.next_beat is not None and time.monotonic() >= self.next_beat:
            self.birth()  # the heartbeat is the birth, repeated
        while self.after_reply and self.outcome is None:
            self.after_reply.pop(0)()

    def _check_in(self):
        delay = 1
        while not self.unit.stopping.is_set():
            try:
                check_in(self.unit.server, self.unit.serial, self.unit.token, self.seq)
                return True
            except HttpError as err:
                if err.status == 401:
                    self.outcome = "refused"
                    return False
                if err.status not in (408, 429) and err.status < 500:
                    log.warning("check-in refused: %s", err)
                    return False
                log.warning("check-in: %s; again in %s s", err, delay)
            except OSError as err:
                log.warning("check-in: %s; again in %s s", err, delay)
            self.unit.stopping.wait(delay * (0.5 + random.random()))
            delay = min(delay * 2, 30)
        return False

    # ---- paho's callbacks (all on this thread, inside client.loop) -----------------------------
    def _on_connect(self, client, _userdata, _flags, rc):
        if rc in REFUSED:
            self.outcome = "refused"
            return
        if rc != 0:
            log.warning("connection refused: %s", mqtt.connack_string(rc))
            self.outcome = "ended"
            return
        # Subscribe before saying we are here: a staged update may come at once.
        client.subscribe([(self.topics.cmd, 1), (self.topics.error, 1)])

    def _on_subscribe(self, _client, _userdata, _mid, _granted):
        self.ready = True
        self.birth()
        self.unit.full_report()
        log.info("online as %s (seq %s, heartbeat %s s)", self.unit.serial, self.seq, self.unit.heartbeat)

    def _on_disconnect(self, _client, _userdata, rc):
        self.ready = False
        if self.outcome is None:
            log.warning("connection lost (%s)", mqtt.error_string(rc))
            self.outcome = "ended"

    def _on_message(self, _client, _userdata, message):
        if message.topic == self.topics.error:
            self._refusal(message.payload)
        elif message.topic == self.topics.cmd:
            self._command(message.payload)

    def _refusal(self, payload):
        try:
            told = json.loads(payload)
            problems = "; ".join(f"{p['path'] or '(message)'}: {p['message']}" for p in told["problems"])
            log.error("the server refused our message on %s (%s): %s — see %s", told["topic"], told["reason"],
                      problems, told["section"])
        except (ValueError, KeyError, TypeError):
            log.error("the server refused a message of ours: %r", payload[:500])

    def _command(self, payload):
        try:
            command = json.loads(payload)
            cid, name, args = command["id"], command["name"], command.get("args") or {}
        except (ValueError, KeyError, TypeError):
            log.warning("dropped a command that is not one: %r", payload[:200])
            return
        if expired(command.get("expiresAt")):
            log.info("dropped %s (%s): it expired at %s", name, cid, command.get("expiresAt"))
            return
        reply_to = command.get("replyTo")
        own = isinstance(reply_to, str) and reply_to.startswith(self.topics.own_reply_prefix) \
            and "/" not in reply_to[len(self.topics.own_reply_prefix):]
        reply = _replies.get(cid)
        if reply is None:
            try:
                reply = {"id": cid, "ok": True, "result": self.unit.commands.run(name, args)}
            except CommandRefused as err:
                reply = {"id": cid, "ok": False, "error": str(err)[:1024]}
            except Exception as err:  # a bug of ours is still an answer, never silence
                log.exception("%s failed", name)
                reply = {"id": cid, "ok": False, "error": f"{name} failed: {err}"[:1024]}
            _replies[cid] = reply
            while len(_replies) > 200:
                _replies.popitem(last=False)
        else:
            self.after_reply.clear()
        log.info("%s -> %s", name, "ok" if reply["ok"] else reply["error"])
        self.publish(reply_to if own else self.topics.reply, reply)
