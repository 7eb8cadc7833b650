#!/usr/bin/env python3
"""A reference unit in Python, written from the published device protocol alone.

    python3 unit.py --url http://localhost:8080 --serial V33CT3102 --enrollment-key KEY

It registers (keeping its token in --state-dir), checks in when the server asks for it, connects
with a last will under a new sequence every time, subscribes to its commands and to the server's
refusals, announces itself, reports its full state, beats, answers every command, stages,
downloads, checks and installs updates, and says goodbye on SIGTERM or Ctrl-C.
Needs Python 3.9+ and paho-mqtt 1.6, and cryptography to check signed releases
(Debian: apt install python3-paho-mqtt python3-cryptography).
"""

import argparse
import json
import logging
import os
import random
import signal
import sys
import threading
import time

import paho.mqtt.client as mqtt

from commands import Commands
from connection import Connection
from protocol import HttpError, Topics, full_state, next_seq, register
from updater import Updater

log = logging.getLogger("unit")


class Unit:
    def __init__(self, args):
        self.server = args.url.rstrip("/") + "/"
        self.enrollment_key = args.enrollment_key
        self.family = args.family
        self.version = args.version
        self.heartbeat = args.heartbeat
        # docs/device-protocol.md, "Serial numbers": capitals, as the registration answers it.
        self.serial = args.serial.strip().upper()
        self.state_dir = args.state_dir
        self.token = None
        self.mqtt_info = {}
        self.state = full_state(self.family, self.version, is_dd=not args.no_dd_board)
        self.state_seq = None
        self.lock = threading.RLock()
        self.stopping = threading.Event()
        self.connection = None
        # The release root it pinned (docs/signed-updates.md); None checks checksum files only.
        self.trust_root = None
        if args.trust_root:
            with open(args.trust_root, encoding="utf-8") as f:
                self.trust_root = json.load(f)
        self.updater = Updater(self)
        self.commands = Commands(self)
        self.topics = None

    # ---- credentials -------------------------------------------------------------------------
    def _store_path(self):
        return os.path.join(self.state_dir, f"{self.serial}.json")

    def load_credential(self):
        try:
            with open(self._store_path(), encoding="utf-8") as f:
                saved = json.load(f)
        except (OSError, ValueError):
            return
        if saved.get("server") == self.server:
            self.token, self.mqtt_info = saved["deviceToken"], saved["mqtt"]

    def save_credential(self):
        os.makedirs(self.state_dir, exist_ok=True)
        path = self._store_path()
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump({"server": self.server, "serialNumber": self.serial, "deviceToken": self.token,
                       "mqtt": self.mqtt_info}, f)
        os.replace(path + ".tmp", path)

    def register(self):
        """Registers, or registers again with the current token (a rotation); waits out 202 and 429."""
        claim, delay = None, 1
        while not self.stopping.is_set():
            try:
                status, answer = register(self.server, self.serial, self.enrollment_key, self.token, claim)
            except HttpError as err:
                if err.status == 429 or err.status >= 500:
                    wait = float(err.retry_after or delay)
                    log.warning("registration: %s; again in %s s", err, wait)
                    self.stopping.wait(wait)
                    delay = min(delay * 2, 60)
                    continue
                raise SystemExit(f"registration refused: {err}")
            except OSError as err:
                log.warning("registration: %s; again in %s s", err, delay)
                self.stopping.wait(delay)
                delay = min(delay * 2, 60)
                continue
            if status == 202:
                claim = answer["claimToken"]
                log.warning("serial %s has another credential: waiting for an administrator to approve the claim",
                            self.serial)
                self.stopping.wait(answer["retryAfterSeconds"])
                continue
            self.serial, self.token, self.mqtt_info = answer["serialNumber"], answer["deviceToken"], answer["mqtt"]
            self.save_credential()
            log.info("registered as %s (topic root %s)", self.serial, self.mqtt_info.get("topicRoot", "ed/v1"))
            return

    # ---- what the rest of the unit calls -------------------------------------------------------
    def report(self, patch):
        """Merges `patch` into the state and publishes it with a new seq (kept for the next connection if offline)."""
        with self.lock:
            self.state.update(patch)
            seq = next_seq()
            if self.connection and self.connection.publish(self.topics.state, dict(patch, seq=seq)):
                self.state_seq = seq

    def full_report(self):
        self.report(dict(self.state))

    def publish_pairing(self, message):
        if self.connection:
            self.connection.publish(self.topics.pairing, message)

    def after_reply(self, action):
        if self.connection:
            self.connection.after_reply.append(action)

    def rebirth(self, new_connection):
        if new_connection:
            self.connection.end(goodbye=True, reconnect_at_once=True)
        else:
            self.connection.birth()
            self.full_report()

    def rename(self, serial):
        """reset_serial_number: goodbye under the old serial, then the same token under the new one."""
        log.info("serial number reset: %s -> %s", self.serial, serial)
        self.connection.end(goodbye=True, reconnect_at_once=True)
        self.serial = serial
        self.save_credential()

    # ---- the connection loop -------------------------------------------------------------------
    def run(self):
        self.load_credential()
        if not self.token:
            self.register()
        delay = 1
        while not self.stopping.is_set():
            self.topics = Topics(self.mqtt_info.get("topicRoot") or "ed/v1", self.serial)
            # Under the lock report() holds: a report whose seq was taken before this connection's
            # must not go out on it (a state's seq is never below its connection's).
            with self.lock:
                self.connection = Connection(self, next_seq())
            outcome = self.connection.run()
            if outcome == "refused":
                # docs/device-protocol.md, "Identity and credentials": register again with the token.
                log.warning("the broker refused our credential: registering again with it")
                self.register()
                continue
            if outcome == "again":
                delay = 1
                continue
            if not self.stopping.is_set():
                wait = delay * (0.5 + random.random())
                log.info("connection ended; connecting again in %.1f s", wait)
                self.stopping.wait(wait)
                delay = min(delay * 2, 30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the console's server, e.g. http://localhost:8080")
    parser.add_argument("--serial", required=True, help="the unit's serial number (8 or 9 letters or digits)")
    parser.add_argument("--enrollment-key", default=os.environ.get("FLEET_ENROLLMENT_KEY"),
                        help="the fleet enrollment key (or env FLEET_ENROLLMENT_KEY)")
    parser.add_argument("--family", default="aligner", choices=["aligner", "gtps", "aligner-oasis"])
    parser.add_argument("--version", default="5.2.0", help="the software version it reports")
    parser.add_argument("--heartbeat", type=int, default=60, help="seconds between heartbeats (5 to 86400)")
    parser.add_argument("--state-dir", default=".python-unit", help="where it keeps its credential")
    parser.add_argument("--no-dd-board", action="store_true", help="report no DD board (RCP then refused)")
    parser.add_argument("--trust-root", help="a release root.json to pin: staged releases are then checked against it")
    args = parser.parse_args()
    if not args.enrollment_key:
        parser.error("--enrollment-key is required")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
                        stream=sys.stdout)
    unit = Unit(args)

    def stop(*_):
        unit.stopping.set()
        if unit.connection:
            unit.connection.wake()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    unit.run()
    log.info("stopped")


if __name__ == "__main__":
    main()
