"""A post's body in each form a webhook takes (docs/operations.md, "Webhooks").

- `json`, the judge's own: the event's fields (judge, game, event, phase, turn, subject,
  text, id, created_at) and the board's PNG as `picture` {name, content_type, base64}.
- `discord`: multipart/form-data as Discord's execute-webhook takes it: `payload_json`
  (the subject in bold and the text in a code block, cut to Discord's 2,000 characters,
  with no mention of anyone allowed) and the files, the PNG and, when the text was cut,
  the whole text as a .txt file.
- `slack`: Slack's incoming webhook JSON, `{"text": ...}` in its mrkdwn with &, < and >
  escaped; Slack's webhooks take no files, so the picture is left out, and a text past
  SLACK_MOST characters is cut, saying so.

Pure: the same row makes the same bytes at every try (apart from the multipart boundary,
which the signature covers as sent).
"""

from __future__ import annotations

import base64
import json
import uuid
from collections.abc import Mapping
from typing import Any

DISCORD_MOST = 2000  # characters of a Discord message's content
SLACK_MOST = 12000  # characters of the text put in a Slack message


def render(form: str, payload: Mapping[str, Any], picture: bytes | None) -> tuple[bytes, str]:
    """The body and its Content-Type."""
    if form == "discord":
        return _discord(payload, picture)
    if form == "slack":
        return _json({"text": _slack_text(payload), "mrkdwn": True})
    body = dict(payload)
    if picture:
        body["picture"] = {
            "name": picture_name(payload),
            "content_type": "image/png",
            "base64": base64.b64encode(picture).decode("ascii"),
        }
    return _json(body)


def picture_name(payload: Mapping[str, Any]) -> str:
    stem = f"{payload.get('game', 'game')}-{payload.get('phase') or payload.get('event')}"
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in stem) + ".png"


def _json(value: Any) -> tuple[bytes, str]:
    return json.dumps(value, ensure_ascii=False).encode("utf-8"), "application/json"


def _fenced(text: str) -> str:
    return text.replace("```", "'''")  # a fence inside the text would end the block


def _discord(payload: Mapping[str, Any], picture: bytes | None) -> tuple[bytes, str]:
    subject, text = str(payload.get("subject", "")), _fenced(str(payload.get("text", "")))
    head = f"**{subject}**\n```\n"
    files: list[tuple[str, str, bytes]] = []
    room = DISCORD_MOST - len(head) - len("\n```")
    if len(text) > room:
        name = picture_name(payload).removesuffix(".png") + ".txt"
        note = f"\n... (the whole text: {name})"
        text = text[: room - len(note)].rstrip() + note
        files.append((name, "text/plain; charset=utf-8", str(payload.get("text", "")).encode()))
    content = f"{head}{text}\n```"
    if picture:
        files.insert(0, (picture_name(payload), "image/png", picture))
    message = {"content": content, "allowed_mentions": {"parse": []}}
    boundary = f"judge-{uuid.uuid4().hex}"
    parts = [_part(boundary, 'name="payload_json"', "application/json",
                   json.dumps(message, ensure_ascii=False).encode())]  # fmt: skip
    for n, (name, kind, data) in enumerate(files):
        parts.append(_part(boundary, f'name="files[{n}]"; filename="{name}"', kind, data))
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def _part(boundary: str, disposition: str, kind: str, data: bytes) -> bytes:
    head = (
        f"--{boundary}\r\nContent-Disposition: form-data; {disposition}\r\n"
        f"Content-Type: {kind}\r\n\r\n"
    )
    return head.encode() + data + b"\r\n"


def _slack_text(payload: Mapping[str, Any]) -> str:
    subject, text = str(payload.get("subject", "")), _fenced(str(payload.get("text", "")))
    if len(text) > SLACK_MOST:
        text = text[:SLACK_MOST].rstrip() + "\n... (cut: the whole text is in the game's mail)"
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    title = subject.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"*{title}*\n```{escaped}```"
