"""Progress of a `spacy-phi deid` run on stderr: records done, failures,
records/s, percentage and ETA. Counts only, never text or ids.

On a terminal the line is redrawn in place a few times a second; otherwise
(a log file) a line is printed every `log_interval` seconds.
"""

from __future__ import annotations

import sys
import time
from typing import IO, Callable, Optional


def format_duration(seconds: float) -> str:
    """1h02m, 3m07s or 42s.

    seconds (float): the duration.
    RETURNS (str): the text.
    """
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{secs:02d}s"
    return f"{secs}s"


class Progress:
    """A progress line.

    total (Optional[int]): records in the input, when known.
    fraction (Optional[Callable[[], Optional[float]]]): how much of the input
        was read (0..1), used for the ETA when `total` is unknown.
    already_done (int): records done by an earlier (resumed) session.
    stream (Optional[IO[str]]): where to write (stderr).
    enabled (bool): False prints nothing.
    """

    def __init__(
        self,
        total: Optional[int] = None,
        fraction: Optional[Callable[[], Optional[float]]] = None,
        already_done: int = 0,
        stream: Optional[IO[str]] = None,
        enabled: bool = True,
        tty_interval: float = 0.25,
        log_interval: float = 10.0,
    ) -> None:
        self.total = total
        self.fraction = fraction
        self.already_done = already_done
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        is_tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.is_tty = bool(is_tty)
        self.interval = tty_interval if self.is_tty else log_interval
        self.started = time.perf_counter()
        self._last = self.started
        self._start_fraction = fraction() if fraction else None
        self._width = 0

    def line(self, done: int, failed: int) -> str:
        """The progress text for `done` records (including resumed ones)."""
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        session = done - self.already_done
        rate = session / elapsed
        parts = [f"{done:,}" + (f"/{self.total:,}" if self.total is not None else "") + " records"]
        if failed:
            parts[0] += f" ({failed:,} failed)"
        parts.append(f"{rate:,.1f} records/s")
        share = self._share(done)
        if share is not None:
            parts.append(f"{100 * share:.1f}%")
            eta = self._eta(done, rate, elapsed)
            if eta is not None:
                parts.append(f"ETA {format_duration(eta)}")
        return "deid: " + " | ".join(parts)

    def _share(self, done: int) -> Optional[float]:
        if self.total:
            return min(1.0, done / self.total)
        if self.fraction is not None:
            return self.fraction()
        return None

    def _eta(self, done: int, rate: float, elapsed: float) -> Optional[float]:
        if self.total is not None:
            return (self.total - done) / rate if rate > 0 else None
        if self.fraction is None:
            return None
        now, start = self.fraction(), self._start_fraction or 0.0
        if now is None or now <= start:
            return None
        return elapsed * (1.0 - now) / (now - start)

    def update(self, done: int, failed: int) -> None:
        """Show progress if the interval has passed."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last < self.interval:
            return
        self._last = now
        self._show(self.line(done, failed))

    def _show(self, text: str) -> None:
        if self.is_tty:
            pad = max(0, self._width - len(text))
            self.stream.write("\r" + text + " " * pad)
            self._width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self, done: int, failed: int) -> None:
        """Show the final state and end the line."""
        if not self.enabled:
            return
        self._show(self.line(done, failed))
        if self.is_tty:
            self.stream.write("\n")
            self.stream.flush()
