"""A server on a free loopback port for a test, stopped by its PID (``casebook.serve.websocket``'s own launcher)."""

from casebook.serve.websocket import listening, served  # noqa: F401

TOY = "python:tests.harness.toy:make"


def casebook_listen(impl: str = TOY, *options: str):
    """``casebook serve --listen 127.0.0.1:0 --impl IMPL``: yields (ws://… address, process)."""
    return served(impl, *options)
