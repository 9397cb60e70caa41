"""A real SMTP server for the letters' tests: aiosmtpd on a private port (the ``smtp``
fixture, ``conftest.py``), keeping what it accepts, and refusing the addresses the test names
(``refuse``: address -> the server's answer, e.g. ``550 5.1.1 no such mailbox``)."""

from __future__ import annotations

import email
import socket
from email.header import decode_header, make_header
from email.message import Message

SITE = "http://192.168.1.10:8000"


class Inbox:
    def __init__(self) -> None:
        self.letters: list[tuple[list[str], Message]] = []
        self.port = 0
        self.refuse: dict[str, str] = {}

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # aiosmtpd
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        self.letters.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def text_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


def subject_of(message: Message) -> str:
    return str(make_header(decode_header(message["Subject"])))
