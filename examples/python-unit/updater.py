"""Staging, download and install (docs/device-protocol.md, "Staging and package download")."""

import hashlib
import logging
import threading
import time
import urllib.parse
import urllib.request

from protocol import basic_auth, update_state
from release_check import Refused, check_stage

log = logging.getLogger("unit.updater")
CHUNK = 64 * 1024


class Updater:
    """One update at a time: `stage` makes it pending, the download starts by itself, `install_now` installs."""

    def __init__(self, unit):
        self.unit = unit
        self.staged = None  # {"version": "5.3.0", "url": absolute folder URL, "files": [...]}
        self.downloaded = None  # the version whose files are here and checked
        self.installing = False
        self.lock = threading.Lock()

    # The `stage` command: idempotent for the same version.
    def stage(self, args):
        version = args["version"]["semantic"]
        with self.lock:
            if self.installing:
                raise ValueError("busy installing; stage again later")
            if self.staged and self.staged["version"] == version:
                return
            folder = urllib.parse.urljoin(self.unit.server, args["url"])
            signed = None
            if self.unit.trust_root is not None:
                try:
                    self.unit.trust_root, signed = check_stage(self.unit.trust_root, args, self.unit.family,
                                                               self.unit.version)
                except Refused as refusal:
                    return self.refuse(version, str(refusal))
            self.staged = {"version": version, "url": folder, "files": args["files"], "signed": signed}
            self.downloaded = None
        self.unit.report({"pendingSoftwareDownload": version,
                          "updateState": update_state("READY_TO_DOWNLOAD")})
        self.start_download()

    def refuse(self, version, failure):
        """A release the unit will not install: said once, with why; never retried."""
        log.warning("refused update %s: %s", version, failure)
        self.staged = None
        self.unit.report({"pendingSoftwareDownload": version,
                          "updateState": update_state("INSTALLATION_FAILED", failure=failure)})

    def clear(self):
        with self.lock:
            if self.installing:
                raise ValueError("an installation is running")
            self.staged = None
            self.downloaded = None
        self.unit.report({"pendingSoftwareDownload": None, "updateState": update_state("TRY_INSERT_UPDATE")})

    def start_download(self):
        if self.staged and not self.downloaded:
            threading.Thread(target=self._download_with_retries, daemon=True).start()

    def start_install(self):
        with self.lock:
            if not self.downloaded or self.installing:
                return
            self.installing = True
        threading.Thread(target=self._install, daemon=True).start()

    def _download_with_retries(self):
        delay = 2
        while self.staged and not self.downloaded:
            staged = self.staged
            try:
                self._download(staged)
                with self.lock:
                    if self.staged is staged:
                        self.downloaded = staged["version"]
                self.unit.report({"updateState": update_state("READY_TO_INSTALL", downloaded=staged["version"])})
                return
            except Refused as refusal:
                return self.refuse(staged["version"], str(refusal))
            except Exception as err:  # any failure: report and try again with back-off
                log.warning("download of %s failed: %s; again in %s s", staged["version"], err, delay)
                self.unit.report({"updateState": update_state("READY_TO_DOWNLOAD")})
                time.sleep(delay)
                delay = min(delay * 2, 60)

    def stage_specs(self, args):
        """A spec release: fetched and checked as a package is, then installed (no progress bar here)."""
        folder = urllib.parse.urljoin(self.unit.server, args["url"])
        specs = args["version"]
        staged = {"version": f"specs {specs['name']}", "url": folder, "files": args["files"]}

        def fetch_and_install():
            try:
                self._download(staged, report=False)
            except Exception as err:
                log.warning("spec download failed: %s", err)
                return
            expiry = {"month": specs["month"], "year": specs["year"] + 1}
            self.unit.report({"specs": specs, "specsExpiration": expiry})

        threading.Thread(target=fetch_and_install, daemon=True).start()

    def _download(self, staged, report=True):
        """Every listed file with our credential, then each `<file>.sha256` checked against the file it names."""
        files = staged["files"]
        digests, texts = {}, {}
        last_report = 0.0
        for index, entry in enumerate(files):
            name = entry["name"]
            auth = basic_auth(self.unit.serial, self.unit.token)
            request = urllib.request.Request(staged["url"] + urllib.parse.quote(name), headers={"authorization": auth})
            digest, text, count, started = hashlib.sha256(), bytearray(), 0, time.monotonic()
            signed = (staged.get("signed") or {}).get(name)
            with urllib.request.urlopen(request, timeout=30) as answer:
                while chunk := answer.read(CHUNK):
                    digest.update(chunk)
                    count += len(chunk)
                    if signed and count > signed[0]:  # an endless file is cut off at its signed size
                        raise Refused("file", f"{name} is larger than its signed {signed[0]} bytes")
                    if name.endswith(".sha256"):
                        text.extend(chunk)
                    now = time.monotonic()
                    if report and now - last_report >= 1:  # progress at most once a second
                        last_report = now
                        self._progress(name, index, len(files), count, entry["size"], now - started)
            digests[name] = digest.hexdigest()
            if signed and digests[name] != signed[1]:
                raise Refused("file", f"{name} does not match its signed SHA-256")
            if name.endswith(".sha256"):
                texts[name] = text.decode("ascii", "replace")
        if report:
            self._progress(files[-1]["name"], len(files), len(files), files[-1]["size"], files[-1]["size"], 1)
        for name, text in texts.items():
            parts = text.split()
            target = parts[1] if len(parts) > 1 else name[: -len(".sha256")]
            if not parts or digests.get(target) != parts[0].lower():
                raise ValueError(f"{target} does not match its checksum")

    def _progress(self, name, done_files, total_files, transferred, size, seconds):
        rate = transferred / max(seconds, 0.001)
        percent = 100 if size == 0 else min(100, round(transferred * 100 / size))
        progress = {
            "currentFile": name,
            "filesTransferred": done_files,
            "totalFilesToTransfer": total_files,
            "fileProgress": {
                "bytesTransferred": transferred,
                "progress": percent,
                "transferRate": round(rate),
                "estimatedTimeRemaining": round(max(size - transferred, 0) / rate) if rate > 0 else 0,
            },
        }
        self.unit.report({"updateState": update_state("DOWNLOADING", downloading=True, download_progress=progress)})

    def _install(self):
        version = self.downloaded
        try:
            for state in ("VALIDATING_UPDATE", "SYSMAN_RESTART"):
                self.unit.report({"updateState": update_state(state, installing=True, install_progress=0,
                                                              downloaded=version)})
                time.sleep(0.3)
            for percent in (10, 40, 70, 100):
                self.unit.report({"updateState": update_state("INSTALLING_UPDATE", installing=True,
                                                              install_progress=percent, downloaded=version)})
                time.sleep(0.3)
            self.unit.version = version
            with self.lock:
                self.staged = None
                self.downloaded = None
            self.unit.report({"version": {"semantic": version, "meta": None}, "pendingSoftwareDownload": None,
                              "updateState": update_state("INSTALLATION_COMPLETE")})
        finally:
            self.installing = False
