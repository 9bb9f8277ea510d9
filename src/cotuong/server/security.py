"""Signed tokens (guest cookies, seat secrets, sessions), password hashing, rate limits.

Everything here is standard library: HMAC-SHA256 for signatures (compared in constant
time) and scrypt, a memory-hard KDF, for passwords. The password functions run in the
hashing worker processes (:mod:`cotuong.server.accounts.hashing`), which import only
this light module and start with :func:`hashing_worker_init`.

>>> signer = Signer(b"k" * 32)
>>> token = signer.sign("seat", "K7QX2M", "host", expires_ms=2_000_000_000_000)
>>> signer.verify(token, "seat", now_ms=1_000)
('K7QX2M', 'host')
>>> signer.verify(token[:-1] + "0", "seat", now_ms=1_000) is None
True
>>> stored = hash_password("correct horse", n=2**10)
>>> check_password("correct horse", stored), needs_rehash(stored, n=2**17)
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import threading
import time
from dataclasses import dataclass

# OWASP's minimum for scrypt: N=2**17, r=8, p=1 (128 MiB of memory per hash: slow and
# costly for guessers). Hashes made with less are upgraded at the next login.
SCRYPT_N = 2**17
SCRYPT_R = 8
SCRYPT_P = 1
_MAXMEM = 2**28  # enough for N up to 2**17 with r=8 (scrypt needs 128·r·N bytes)
MAX_SCRYPT_N = 2**18  # a stored hash asking for more is refused, not computed


class Signer:
    """Signs ``purpose``-scoped tokens ``v1.<fields>.<expiry>.<mac>`` with a server key.

    The purpose is inside the MAC, so a guest cookie can never pass as a seat secret.
    Fields must not contain dots.
    """

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the signing key must be at least 16 bytes")
        self._key = key

    def _mac(self, purpose: str, body: str) -> str:
        digest = hmac.new(self._key, f"{purpose}|{body}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:20]).decode().rstrip("=")

    def sign(self, purpose: str, *fields: str, expires_ms: int) -> str:
        for f in fields:
            if "." in f or not f:
                raise ValueError(f"token field {f!r} must be non-empty and have no dot")
        body = ".".join(("v1", *fields, str(expires_ms)))
        return f"{body}.{self._mac(purpose, body)}"

    def verify(self, token: object, purpose: str, now_ms: int) -> tuple[str, ...] | None:
        """The fields of a valid, unexpired token, else ``None`` (forged, expired, garbled)."""
        if not isinstance(token, str) or len(token) > 512:
            return None
        body, _, mac = token.rpartition(".")
        parts = body.split(".")
        if len(parts) < 3 or parts[0] != "v1":
            return None
        if not hmac.compare_digest(mac, self._mac(purpose, body)):
            return None
        try:
            expires = int(parts[-1])
        except ValueError:
            return None
        if expires < now_ms:
            return None
        return tuple(parts[1:-1])


def new_key() -> bytes:
    return secrets.token_bytes(32)


def new_id(prefix: str = "", nbytes: int = 6) -> str:
    return prefix + secrets.token_hex(nbytes)


def hash_password(password: str, *, n: int = SCRYPT_N) -> str:
    """``scrypt$n$r$p$salt$hash`` (base64 parts)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=n, r=SCRYPT_R, p=SCRYPT_P,
                            maxmem=_MAXMEM * max(1, n // SCRYPT_N), dklen=32)
    b64 = base64.b64encode
    return f"scrypt${n}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


def check_password(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt" or int(n) > MAX_SCRYPT_N or int(r) != SCRYPT_R or int(p) > 4:
            return False
        want = base64.b64decode(digest)
        got = hashlib.scrypt(password.encode(), salt=base64.b64decode(salt), n=int(n),
                             r=int(r), p=int(p), maxmem=_MAXMEM * max(1, int(n) // SCRYPT_N),
                             dklen=len(want))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


def check_and_upgrade(password: str, stored: str, n: int = SCRYPT_N) -> tuple[bool, str | None]:
    """Whether ``password`` matches ``stored`` and, when it does and ``stored`` is weaker
    than ``n``, its new hash (one job for the hashing worker: a login upgrades at once).

    >>> old = hash_password("correct horse", n=2**10)
    >>> ok, new = check_and_upgrade("correct horse", old, n=2**11)
    >>> ok, new.startswith("scrypt$2048$"), check_and_upgrade("wrong", old, n=2**11)
    (True, True, (False, None))
    """
    if not check_password(password, stored):
        return False, None
    return True, hash_password(password, n=n) if needs_rehash(stored, n=n) else None


def hashing_worker_init(increment: int) -> None:
    """Run at the start of a password-hashing worker process: lower its own priority by
    ``increment`` (``os.nice``: the OS gives the game server the CPU first), and end the
    process when its parent is gone (a killed server leaves no worker behind: the pool's
    queue would never tell it)."""
    if increment > 0 and hasattr(os, "nice"):
        os.nice(increment)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, name="cotuong-hash-watch", daemon=True).start()


def needs_rehash(stored: str, *, n: int = SCRYPT_N) -> bool:
    """Whether a stored hash is weaker than ``n`` (or not one of ours): hash it again."""
    try:
        kind, cost, *_ = stored.split("$")
        return kind != "scrypt" or int(cost) < n
    except ValueError:
        return True


def token_digest(token: str) -> str:
    """What the store keeps of a session token (a leaked table gives no usable token)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class TokenBucket:
    """``rate`` tokens a second up to ``burst``; :meth:`take` says whether one was left,
    :meth:`wait` how long until one is.

    >>> b = TokenBucket(rate=1.0, burst=2, tokens=2.0, stamp=0.0)
    >>> [b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0)]
    [True, True, False, True]
    """

    rate: float
    burst: int
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until :meth:`take` can succeed (``0.0``: now); takes nothing.

        >>> b = TokenBucket(rate=2.0, burst=1, tokens=0.0, stamp=0.0)
        >>> b.wait(0.0), b.wait(0.25), b.wait(1.0)
        (0.5, 0.25, 0.0)
        """
        tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate


class RateLimiter:
    """Token buckets per key (client address, connection), pruned when they grow many."""

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self._max = max_keys
        self._buckets: dict[str, TokenBucket] = {}

    def blocked(self, key: str, now: float) -> bool:
        """Whether ``key`` has no token left now (without taking one): for limits that
        count only failures (a failed login takes one with :meth:`allow`)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return False
        return min(float(bucket.burst), bucket.tokens + (now - bucket.stamp) * bucket.rate) < 1.0

    def allow(self, key: str, now: float) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._max:
                # Full buckets carry no information: drop them first.
                self._buckets = {k: b for k, b in self._buckets.items()
                                 if b.tokens + (now - b.stamp) * b.rate < b.burst}
            bucket = TokenBucket(self.rate, self.burst, float(self.burst), now)
            self._buckets[key] = bucket
        return bucket.take(now)
