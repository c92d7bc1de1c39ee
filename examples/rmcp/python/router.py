"""A client on the official Python SDK (`mcp`) that drives `router_server`: one session, its steps
read from the input.

    python router.py URL MODE TOKEN [PROFILE]

URL is the server's MCP endpoint (`http://127.0.0.1:PORT/mcp`), MODE is `legacy` (the initialize
handshake, 2025-11-25) or `2026-07-28`, TOKEN the bearer token it sends (`dev-NAME`; `-` sends no
`Authorization` at all). PROFILE is the elicitation it declares (in `initialize` on 2025-11-25,
in each request's `_meta` on 2026-07-28):

- `both` (the default): form and URL, `{"elicitation": {"form": {}, "url": {}}}`;
- `form`: form only, `{"elicitation": {"form": {}}}`;
- `url`: URL only, `{"elicitation": {"url": {}}}`;
- `none`: no elicitation, `{}`;
- `silent`: form only, and it never answers a form: it waits until the server cancels the
  request (or forever).

The SDK declares form and URL whenever it is given an elicitation callback, and nothing
otherwise; it has no option for one mode without the other, so the profile replaces what its
`ClientSession._build_capabilities` declares (a private method of the pinned version). An
elicitation of a mode the profile does not declare is refused as the SDK refuses one when it has
no callback (`-32600`, "Elicitation not supported"), and counted in the report's `refused`.

Each line of its input is a step, a JSON object:

- `{"tool": NAME, "arguments": {...}, "answers": [...]}` calls a tool;
- `{"prompt": NAME, "arguments": {...}, "answers": [...]}` gets a prompt;
- `{"list": true}` lists the tools and the prompts.

A form is answered with the step's next answer (an `ElicitResult`); a URL elicitation prints one
JSON line (`url`, `message`, `elicitationId`) and reads the action to answer with from the next
line of input (the person opens the page meanwhile). After each step it prints one JSON line: the
`forms` it was shown (answered or not), the elicitations it `refused` and the number of them the
server `cancelled` before they were answered; a tool's `text` and `isError`, or a prompt's
`messages` and their `text` (each message's text, on lines of their own); the `tools` and
`prompts`; or the `error` (a JSON-RPC error's `code` and `message`, or any other failure's
`message`, such as an HTTP 401). A session that cannot start prints `{"error": ...}` and ends
with status 1. `tests/router.rs` and `tests/reach.rs` (in this package) run it.
"""

import json
import sys

import anyio
import httpx2
from mcp import Client, types
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

# What each profile declares.
PROFILES = {
    "both": types.ElicitationCapability(form=types.FormElicitationCapability(), url=types.UrlElicitationCapability()),
    "form": types.ElicitationCapability(form=types.FormElicitationCapability()),
    "url": types.ElicitationCapability(url=types.UrlElicitationCapability()),
    "none": None,
    "silent": types.ElicitationCapability(form=types.FormElicitationCapability()),
}


def say(value: dict) -> None:
    print(json.dumps(value), flush=True)


async def read_line() -> str:
    return await anyio.to_thread.run_sync(sys.stdin.readline)


def dump(value) -> dict:
    return value.model_dump(mode="json", by_alias=True, exclude_none=True)


def declaring(elicitation: types.ElicitationCapability | None) -> None:
    """Makes every session declare `elicitation` (and the rest as the SDK builds it)."""
    build = ClientSession._build_capabilities

    def build_with(self: ClientSession, version: str) -> types.ClientCapabilities:
        return build(self, version).model_copy(update={"elicitation": elicitation})

    ClientSession._build_capabilities = build_with


def failure(error: BaseException) -> dict:
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    if isinstance(error, MCPError):
        return {"code": error.code, "message": error.message}
    return {"message": f"{type(error).__name__}: {error}"}


async def main() -> None:
    url, mode, token = sys.argv[1], sys.argv[2], sys.argv[3]
    profile = sys.argv[4] if len(sys.argv) > 4 else "both"
    declared = PROFILES[profile]
    declaring(declared)
    forms: list[dict] = []
    answers: list[dict] = []
    refused: list[dict] = []
    cancelled = 0

    async def answer(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        nonlocal cancelled
        shown = dump(params)
        mode_asked = shown.get("mode", "form")
        if declared is None or getattr(declared, mode_asked) is None:
            refused.append(shown)
            return types.ErrorData(code=types.INVALID_REQUEST, message="Elicitation not supported")
        if mode_asked == "url":
            say({"url": shown.get("url"), "message": shown.get("message"), "elicitationId": shown.get("elicitationId")})
            return types.ElicitResult(action=(await read_line()).strip())
        forms.append(shown)
        if profile == "silent":
            try:
                await anyio.sleep_forever()
            except anyio.get_cancelled_exc_class():
                cancelled += 1
                raise
        if not answers:
            return types.ErrorData(code=-32603, message="no answer left")
        return types.ElicitResult.model_validate(answers.pop(0))

    headers = {} if token == "-" else {"Authorization": f"Bearer {token}"}
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0, read=600.0))
    client = Client(streamable_http_client(url, http_client=http), mode=mode, elicitation_callback=answer)
    try:
        await client.__aenter__()
    except Exception as error:  # noqa: BLE001 - any failure to start is reported
        say({"error": failure(error)})
        sys.exit(1)
    try:
        while line := (await read_line()).strip():
            step = json.loads(line)
            forms.clear()
            refused.clear()
            cancelled = 0
            answers[:] = step.get("answers", [])
            report: dict = {}
            try:
                if "tool" in step:
                    result = await client.call_tool(step["tool"], step.get("arguments", {}))
                    report["text"] = "".join(block.text for block in result.content if block.type == "text")
                    report["isError"] = bool(result.is_error)
                elif "prompt" in step:
                    result = await client.get_prompt(step["prompt"], step.get("arguments"))
                    report["messages"] = [dump(message) for message in result.messages]
                    texts = [message.content.text for message in result.messages if message.content.type == "text"]
                    report["text"] = "\n".join(texts)
                else:
                    report["tools"] = [dump(tool) for tool in (await client.list_tools()).tools]
                    report["prompts"] = [dump(prompt) for prompt in (await client.list_prompts()).prompts]
            except Exception as error:  # noqa: BLE001 - every failure is the step's report
                report["error"] = failure(error)
            # The server's cancellation of a form it waited for reaches the callback's task just
            # after the call's result, at times: a moment's grace before counting it.
            if profile == "silent":
                with anyio.move_on_after(2):
                    while cancelled < len(forms):
                        await anyio.sleep(0.02)
            report["forms"] = list(forms)
            report["refused"] = list(refused)
            report["cancelled"] = cancelled
            say(report)
    finally:
        await client.__aexit__(None, None, None)


anyio.run(main)
