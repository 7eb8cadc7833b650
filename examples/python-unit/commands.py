"""The commands a unit answers (docs/device-protocol.md, "Commands"), each returning its `result`.

A handler raises CommandRefused for an `ok: false` reply: its text becomes `error`, a string of at
most 1,024 characters (docs/device-protocol.md, "Replies").
"""

import base64
import logging
import re
import struct
import threading
import time
import zlib
from datetime import datetime, timezone

log = logging.getLogger("unit.commands")
SERIAL = re.compile(r"^[A-Z0-9]{8,9}$")


class CommandRefused(Exception):
    pass


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def tiny_png(width=320, height=180):
    """A real PNG (a grey gradient), as the screen-shot command must send one."""
    row = b"\x00" + b"".join(bytes([x * 255 // width] * 3) for x in range(width))
    raw = row * height

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def board(serial):
    matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    return {
        "SerialNumber": serial, "RMSEValidAccel": 0.01,
        "AccelCal": {"Offsets": [0.1, 0.2, 0.3], "Gain": [1, 0, 0, 0, 1, 0, 0, 0, 1]},
        "RMSEValidCCS_ACS": 0.02, "CCS_ACSCal": matrix, "RMSEValidCamCal": 0.03,
        "CameraCal": {"image_rows": 1080, "image_cols": 1920, "image_chans": 1, "pixel_size_um": 3.45,
                      "cx": 960.0, "cy": 540.0, "flen_pixels": 2400.0, "flen_mm": 8.28, "IM": matrix,
                      "dist_coeffs": [0.01, -0.02, 0.0, 0.0, 0.001]},
    }


def calibration_record():
    at = now_iso()
    return {"Operator": "factory", "Version": "2.1", "Date": at, "AccelCalTime": at, "CCS_ACSTime": at,
            "camCalTime": at, "LeftBoards": [board("CAML0001")], "RightBoards": [board("CAMR0001")]}


class Commands:
    def __init__(self, unit):
        self.unit = unit

    def run(self, name, args):
        handler = getattr(self, "cmd_" + name, None)
        if handler is None:
            raise CommandRefused(f"{name} is not a command this unit knows")
        return handler(args)

    def cmd_get_usb_status(self, _):
        return {"status": "Bus 001 Device 002: camera left\nBus 001 Device 003: camera right\nFree space: 12 GB"}

    def cmd_get_printer_status(self, _):
        return {"status": "Printer: ready\nPaper: loaded\nToner: 64%"}

    def cmd_get_voltages(self, _):
        return {"voltages": [{"BoardName": "Main", "Parameters": [
            {"Name": "5V", "Actual": 5.02, "Min": 4.75, "Max": 5.25},
            {"Name": "12V", "Actual": 11.94, "Min": 11.4, "Max": 12.6}]}]}

    def cmd_get_calibration_logs(self, _):
        return {"calibrations": [calibration_record()]}

    def cmd_get_screen_shot(self, _):
        return {"image": base64.b64encode(tiny_png()).decode()}

    def cmd_activate(self, _):
        return {}

    def cmd_rcp(self, _):
        if not self.unit.state["boardFeatures"]["isDDAligner"]:
            raise CommandRefused("RCP needs a DD board")
        return {}

    def cmd_end_rcp(self, _):
        return {}

    def cmd_open_ssh_port(self, _):
        return {"port": 2222}

    def cmd_close_ssh_port(self, _):
        return {}

    def cmd_check_now(self, _):
        self.unit.report({"updateState": self.unit.state["updateState"]})
        return {}

    def cmd_download_now(self, _):
        self.unit.updater.start_download()
        return {}

    def cmd_install_now(self, _):
        self.unit.updater.start_install()
        return {}

    def cmd_clear_pending_updates(self, _):
        try:
            self.unit.updater.clear()
        except ValueError as err:
            raise CommandRefused(str(err)) from None
        return {}

    def cmd_set_logging_level(self, args):
        level = args.get("loggingLevel")
        if level not in ("WARN", "INFO"):
            raise CommandRefused("loggingLevel must be WARN or INFO")
        self.unit.report({"logLevel": level})
        return {}

    def cmd_set_target_eol_types(self, args):
        target = args.get("targetType")
        if target not in ("AT200", "AT700"):
            raise CommandRefused("targetType must be AT200 or AT700")
        self.unit.report({"targetType": target})
        return {}

    def cmd_reset_serial_number(self, args):
        serial = str(args.get("newSerialNumber", "")).strip().upper()
        if not SERIAL.match(serial):
            raise CommandRefused("newSerialNumber must be 8 or 9 letters or digits")
        self.unit.after_reply(lambda: self.unit.rename(serial))
        return {}

    def cmd_rebirth(self, args):
        self.unit.after_reply(lambda: self.unit.rebirth(bool(args.get("newConnection"))))
        return {}

    def cmd_show_message(self, args):
        log.info("received message %s %r until %s", args.get("messageId"), args.get("header"), args.get("endsAt"))
        return {}

    def cmd_show_notification(self, args):
        log.info("received notification %s %r until %s", args.get("notificationId"), args.get("name"),
                 args.get("endsOn"))
        return {}

    def cmd_stage(self, args):
        try:
            self.unit.updater.stage(args)
        except (KeyError, TypeError, ValueError) as err:
            raise CommandRefused(f"cannot stage: {err}") from None
        return {}

    def cmd_stage_specs(self, args):
        try:
            self.unit.updater.stage_specs(args)
        except (KeyError, TypeError, ValueError) as err:
            raise CommandRefused(f"cannot stage specs: {err}") from None
        return {}

    def cmd_start_pairing(self, args):
        if self.unit.family != "gtps":
            raise CommandRefused("only a Tru-Point pairs with a vendor")
        threading.Thread(target=self._pair, args=(args["pairingId"],), daemon=True).start()
        return {}

    def cmd_abort_pairing(self, _):
        return {}

    def _pair(self, pairing_id):
        for name in ("Runout Compensation", "Camera Alignment", "Target Verification"):
            time.sleep(1)
            self.unit.publish_pairing({"pairingId": pairing_id, "event": "calibration", "calibration": {
                "name": name, "state": "DONE", "passed": True, "reportMessage": None}})
        self.unit.publish_pairing({"pairingId": pairing_id, "event": "completed"})
