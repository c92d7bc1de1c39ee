"""A client on the official Python SDK (`mcp`) that drives `router_server`: one session, its steps
read from the input.

    python router.py URL MODE TOKEN

URL is the server's MCP endpoint (`http://127.0.0.1:PORT/mcp`), MODE is `legacy` (the initialize
handshake, 2025-11-25) or `2026-07-28`, TOKEN the bearer token it sends (`dev-NAME`). It declares
form and URL elicitation. Each line of its input is a step, a JSON object:

- `{"tool": NAME, "arguments": {...}, "answers": [...]}` calls a tool;
- `{"prompt": NAME, "answers": [...]}` gets a prompt;
- `{"list": true}` lists the tools and the prompts.

A form is answered with the step's next answer (an `ElicitResult`); a URL elicitation prints one
JSON line (`url`, `message`, `elicitationId`) and reads the action to answer with from the next
line of input (the person opens the page meanwhile). After each step it prints one JSON line: the
forms it was shown, and the tool's `text` and `isError`, the prompt's `messages`, the `tools` and
`prompts`, or the JSON-RPC `error`. `tests/router.rs` (in this package) runs it.
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


async def read_line() -> str:
    return await anyio.to_thread.run_sync(sys.stdin.readline)


def dump(value) -> dict:
    return value.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main() -> None:
    url, mode, token = sys.argv[1], sys.argv[2], sys.argv[3]
    forms: list[dict] = []
    answers: list[dict] = []

    async def answer(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        shown = dump(params)
        if shown.get("mode") == "url":
            say({"url": shown.get("url"), "message": shown.get("message"), "elicitationId": shown.get("elicitationId")})
            return types.ElicitResult(action=(await read_line()).strip())
        forms.append(shown)
        if not answers:
            return types.ErrorData(code=-32603, message="no answer left")
        return types.ElicitResult.model_validate(answers.pop(0))

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=httpx2.Timeout(30.0, read=600.0))
    client = Client(streamable_http_client(url, http_client=http), mode=mode, elicitation_callback=answer)
    async with client:
        while line := (await read_line()).strip():
            step = json.loads(line)
            forms.clear()
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
                else:
                    report["tools"] = [dump(tool) for tool in (await client.list_tools()).tools]
                    report["prompts"] = [dump(prompt) for prompt in (await client.list_prompts()).prompts]
            except MCPError as error:
                report["error"] = {"code": error.code, "message": error.message}
            report["forms"] = list(forms)
            say(report)


anyio.run(main)
