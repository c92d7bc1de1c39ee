"""A client on the official Python SDK (`mcp`) that calls `connect_service` of `connect_server`
(or TOOL, such as `whoami_upstream` of `account_server`).

    python connect.py URL MODE TOKEN [TOOL]

URL is the server's MCP endpoint (`http://127.0.0.1:PORT/mcp`), MODE is `legacy` (the initialize
handshake, 2025-11-25) or `2026-07-28`, TOKEN the bearer token it sends (`dev-NAME`). It declares
URL elicitation and asks for progress. For each URL elicitation it prints one JSON line (`url`,
`message`, `elicitationId`) and reads a line from its input: the action to answer with (`accept`,
`decline` or `cancel`), which the person at the client chose, the page being theirs to use
meanwhile. At the end it prints one JSON line: the tool's text and whether it is an error (or the
JSON-RPC error), the ids of the `notifications/elicitation/complete` it received, and how many
progress notifications. `tests/connect.rs` and `tests/account.rs` (in this package) run it.
"""

import json
import sys

import anyio
import httpx2
from mcp import Client, types
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError


def say(value: dict) -> None:
    print(json.dumps(value), flush=True)


async def main() -> None:
    url, mode, token = sys.argv[1], sys.argv[2], sys.argv[3]
    tool = sys.argv[4] if len(sys.argv) > 4 else "connect_service"
    # The person's language (SEP-2792), carried in the call's `_meta` when given.
    meta = {"io.modelcontextprotocol/acceptLanguage": sys.argv[5]} if len(sys.argv) > 5 else None
    completed: list[str] = []
    progress: list[float] = []
    progress_messages: list[str] = []

    async def answer(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        shown = params.model_dump(mode="json", by_alias=True, exclude_none=True)
        say({"url": shown.get("url"), "message": shown.get("message"), "elicitationId": shown.get("elicitationId")})
        action = (await anyio.to_thread.run_sync(sys.stdin.readline)).strip()
        return types.ElicitResult(action=action)

    async def on_message(message) -> None:
        dumped = message.model_dump(mode="json", by_alias=True) if hasattr(message, "model_dump") else {}
        dumped = dumped.get("root", dumped)
        if dumped.get("method") == "notifications/elicitation/complete":
            completed.append(dumped["params"]["elicitationId"])

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(value)
        if message is not None:
            progress_messages.append(message)

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=httpx2.Timeout(30.0, read=600.0))
    client = Client(
        streamable_http_client(url, http_client=http),
        mode=mode,
        elicitation_callback=answer,
        message_handler=on_message,
    )
    report: dict = {"done": True}
    try:
        async with client:
            result = await client.call_tool(tool, {}, progress_callback=on_progress, meta=meta)
        report["text"] = "".join(block.text for block in result.content if block.type == "text")
        report["isError"] = bool(result.is_error)
    except* MCPError as group:
        pending: list[BaseException] = [group]
        while pending:
            error = pending.pop(0)
            if isinstance(error, BaseExceptionGroup):
                pending.extend(error.exceptions)
            elif isinstance(error, MCPError) and "error" not in report:
                report["error"] = {"code": error.code, "message": error.message}
    report["completed"] = completed
    report["progress"] = len(progress)
    report["progressMessages"] = progress_messages
    say(report)


anyio.run(main)
