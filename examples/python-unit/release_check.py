"""A unit's own check of a staged release (docs/signed-updates.md, "What every unit checks").

The unit pins a release root (root.json) as it leaves the factory. A stage command carries the
release's signed metadata and the console's roots after the first; this module walks the roots
from the pin, checks the release's signatures, expiry, kind, family, version and files, and says
why it refuses ("signature: no trusted key"). Needs python3-cryptography (Ed25519).

    python3 release_check.py ROOT.json STAGE.json FAMILY RUNNING_VERSION   # prints ok or the refusal
"""

import base64
import json
import sys
from datetime import datetime, timezone

MAX_ROOT_CHAIN = 32


class Refused(Exception):
    """The check that failed, then what it found: str(err) is what the unit reports as `failure`."""

    def __init__(self, check, detail):
        super().__init__(f"{check}: {detail}")


def canonical(value):
    """RFC 8785 canonical JSON. The metadata holds only objects, arrays, strings and integers, for
    which sorted keys, no white space and JSON's own string escapes are exactly RFC 8785's form."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _time(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _iso(text):
    """As the console writes a time: 2027-05-01T00:00:00.000Z."""
    moment = _time(text).astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _holds(data, public_b64, sig_b64):
    # Imported here: a unit that pins no root runs without python3-cryptography.
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(base64.b64decode(public_b64)).verify(base64.b64decode(sig_b64), data)
        return True
    except (InvalidSignature, ValueError, TypeError):
        return False


def signers(signed, signatures, root_signed, role, now):
    """The names of `role`'s unexpired keys whose signature of `signed` holds, each key once."""
    data, allowed, names = canonical(signed), set(root_signed["roles"][role]["keyids"]), {}
    for entry in signatures or []:
        keyid, key = entry.get("keyid"), root_signed["keys"].get(entry.get("keyid"))
        if not key or keyid not in allowed or keyid in names or _time(key["expires"]) <= now:
            continue
        if _holds(data, key["public"], entry.get("sig", "")):
            names[keyid] = key["name"]
    return sorted(names.values())


def next_root(trusted, candidate, now):
    """TUF's rotation: the next version, signed by a threshold of the trusted root's keys and of its own."""
    version = candidate["signed"]["version"]
    if version != trusted["signed"]["version"] + 1:
        raise Refused("root", f"version {version} does not follow the trusted version {trusted['signed']['version']}")
    for label, by in (("the previous root's", trusted["signed"]), ("its own root", candidate["signed"])):
        needed = by["roles"]["root"]["threshold"]
        if len(signers(candidate["signed"], candidate["signatures"], by, "root", now)) < needed:
            raise Refused("root", f"version {version} is not signed by {needed} of {label} keys")
    return candidate


def walk(pinned, chain, now):
    if len(chain) > MAX_ROOT_CHAIN:
        raise Refused("root", f"more than {MAX_ROOT_CHAIN} roots to walk")
    current = pinned
    for root in sorted((r for r in chain if r["signed"]["version"] > pinned["signed"]["version"]),
                       key=lambda r: r["signed"]["version"]):
        current = next_root(current, root, now)
    return current


def _older(a, b):
    return tuple(int(p) for p in a.split(".")) < tuple(int(p) for p in b.split("."))


def check_stage(pinned, args, family, running, now=None):
    """Checks a `stage` command's release; returns the new pin and {name: (size, sha256)} to check downloads with."""
    now = now or datetime.now(timezone.utc)
    release = args.get("release")
    if release is None:
        raise Refused("unsigned", "the staged update carries no signed release metadata")
    root = walk(pinned, args.get("roots") or [], now)
    if _time(root["signed"]["expires"]) <= now:
        raise Refused("root", f"the trusted root expired at {_iso(root['signed']['expires'])}")
    signed = release["signed"]
    names = signers(signed, release.get("signatures"), root["signed"], "release", now)
    needed = root["signed"]["roles"]["release"]["threshold"]
    if len(names) < needed:
        raise Refused("signature", "no trusted key" if not names else
                      f"{len(names)} of the {needed} release signatures needed")
    if _time(signed["expires"]) <= now:
        raise Refused("expired", f"the release metadata expired at {_iso(signed['expires'])}")
    if signed.get("kind") != "software":
        raise Refused("metadata", f"the signed release is a {signed.get('kind')} release")
    if signed["family"] != family:
        raise Refused("metadata", f"the signed release is for {signed['family']}, this unit is {family}")
    staged = args["version"]["semantic"]
    if signed["version"]["semantic"] != staged:
        raise Refused("metadata", f"the signed release is {signed['version']['semantic']}, staged as {staged}")
    if not _older(running, staged):
        raise Refused("rollback", f"{staged} is not newer than the running {running}")
    files = {f["name"]: (f["size"], f["sha256"]) for f in signed["files"]}
    if sorted(files) != sorted(f["name"] for f in args["files"]) or \
            any(files[f["name"]][0] != f["size"] for f in args["files"]):
        raise Refused("metadata", "the staged files differ from the signed ones")
    return root, files


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        pin = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        stage = json.load(f)
    try:
        check_stage(pin, stage, sys.argv[3], sys.argv[4])
        print("ok")
    except Refused as refusal:
        print(refusal)
