"""What the device protocol says, in one place: topics, sequences, state reports and the HTTP calls.

Written from docs/device-protocol.asyncapi.json and docs/device-protocol.md only. Standard library
plus Debian's python3-paho-mqtt; nothing else.
"""

import base64
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

# docs/device-protocol.md, "Sequences": strictly greater than every one used before, across
# reconnects and restarts; max(previous + 1, now in ms) needs no storage.
# The unit's threads (the connection loop, paho's network thread, the updater) all take sequences.
_last_seq = 0
_seq_lock = threading.Lock()


def next_seq():
    global _last_seq
    with _seq_lock:
        _last_seq = max(_last_seq + 1, int(time.time() * 1000))
        return _last_seq


class Topics:
    """Every topic of a unit sits under <root>/<serial>/ (the root comes from the registration)."""

    def __init__(self, root, serial):
        base = f"{root}/{serial}"
        self.status = f"{base}/status"
        self.state = f"{base}/state"
        self.cmd = f"{base}/cmd"
        self.error = f"{base}/error"
        self.reply = f"{base}/reply"
        self.pairing = f"{base}/pairing"
        self.calibration = f"{base}/calibration"
        # A command's replyTo must be one of our own reply topics; anything else is answered on `reply`.
        self.own_reply_prefix = f"{base}/reply/"


def idle_update_state():
    return update_state("TRY_INSERT_UPDATE")


def update_state(state, downloading=False, download_progress=None, installing=False,
                 install_progress=None, downloaded=None, failure=None):
    """`updateState` is an object, never a string (docs/device-protocol.md, "State reports");
    `failure` says why an update failed (docs/signed-updates.md)."""
    extra = {"failure": failure[:256]} if failure else {}
    return {**extra,
        "state": state,
        "downloading": {"software": downloading, "specs": False},
        "downloadProgress": {"software": download_progress, "specs": None},
        "installing": {"software": installing, "specs": False},
        "installProgress": {"software": install_progress, "specs": None},
        "softwareUpdateDownload": {"version": {"semantic": downloaded}} if downloaded else None,
    }


def full_state(family, version, is_dd=True):
    """A full state report: every field of the state schema, none it does not list."""
    return {
        "version": {"semantic": version, "meta": None},
        "family": family,
        "systemClass": "DRAGON",
        "boardClass": "DD-2" if is_dd else "STD-1",
        "logLevel": "WARN",
        "boardFeatures": {"numCameras": 2, "numAccel": 4, "isDDAligner": is_dd},
        "specs": {"name": "Vehicle specs", "month": 10, "year": 2026},
        "specsExpiration": {"month": 10, "year": 2027},
        "targetType": "AT200",
        "pendingSoftwareDownload": None,
        "updateState": idle_update_state(),
        "currentProcedure": None,
        "alignmentCount": 0,
    }


class HttpError(Exception):
    def __init__(self, status, body, retry_after=None):
        super().__init__(f"HTTP {status}: {body[:300]}")
        self.status = status
        self.body = body
        self.retry_after = retry_after


def basic_auth(serial, token):
    raw = f"{serial}:{token}".encode()
    return "Basic " + base64.b64encode(raw).decode()


def post_json(url, body, auth=None, timeout=10):
    """POST a JSON body; returns (status, parsed answer). Raises HttpError on 4xx and 5xx."""
    headers = {"content-type": "application/json"}
    if auth:
        headers["authorization"] = auth
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as err:
        text = err.read().decode("utf-8", "replace")
        raise HttpError(err.code, text, err.headers.get("retry-after")) from None


def register(server, serial, enrollment_key, device_token=None, claim_token=None):
    """POST /device/v1/register: 200 with our token, or 202 while a claim waits for an admin."""
    body = {"serialNumber": serial, "enrollmentKey": enrollment_key}
    if device_token:
        body["deviceToken"] = device_token
    if claim_token:
        body["claimToken"] = claim_token
    return post_json(urllib.parse.urljoin(server, "/device/v1/register"), body)


def check_in(server, serial, token, seq):
    """POST /device/v1/check_in before each connection when the registration said mqtt.checkIn."""
    return post_json(urllib.parse.urljoin(server, "/device/v1/check_in"), {"seq": seq}, basic_auth(serial, token))


def broker_address(server, mqtt_info):
    """Where to connect: mqtt.url when given, else the server's own WebSocket path (or TCP port)."""
    url = mqtt_info.get("url")
    if url:
        parsed = urllib.parse.urlsplit(url)
        secure = parsed.scheme in ("mqtts", "wss")
        transport = "websockets" if parsed.scheme in ("ws", "wss") else "tcp"
        port = parsed.port or {"mqtt": 1883, "mqtts": 8883, "ws": 80, "wss": 443}[parsed.scheme]
        return {"host": parsed.hostname, "port": port, "transport": transport, "path": parsed.path or "/mqtt",
                "tls": secure}
    parsed = urllib.parse.urlsplit(server)
    secure = parsed.scheme == "https"
    if mqtt_info.get("tcpPort") and not secure:
        return {"host": parsed.hostname, "port": mqtt_info["tcpPort"], "transport": "tcp", "path": None,
                "tls": False}
    port = parsed.port or (443 if secure else 80)
    return {"host": parsed.hostname, "port": port, "transport": "websockets",
            "path": mqtt_info.get("websocketPath") or "/mqtt", "tls": secure}
