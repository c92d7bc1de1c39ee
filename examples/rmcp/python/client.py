"""A client on the official Python SDK (`mcp`) that calls a tool of the example server.

    python client.py SERVER MODE ELICITATION ANSWERS [TOOL [ARGUMENTS [PREFERENCE]]]

SERVER is the `rmcp_server` program (started over stdio), or the URL of a Streamable HTTP server
(`http_server`'s, `http://127.0.0.1:PORT/mcp`); MODE is `legacy` (the initialize
handshake, 2025-11-25) or `2026-07-28`; ELICITATION is `yes` or `no` (whether the client declares
form elicitation); ANSWERS is a JSON list of the results to answer the forms with, in turn; TOOL
is the tool to call (`signup` by default) with ARGUMENTS (a JSON object, `{}` by default), the
call carrying the person's language PREFERENCE (an `Accept-Language` value) in its `_meta` if
one is given. It prints one JSON object: the params of every form the client was shown, in
order, and the tool's result (with its `_meta`), or the JSON-RPC error the call ended with
(`error`: its code, message and data).
`tests/python.rs` (in this package) runs it.
"""

import json
import sys

import anyio
from mcp import Client, StdioServerParameters, types
from mcp.shared.exceptions import MCPError


async def main() -> None:
    server, mode, elicitation, answers = sys.argv[1], sys.argv[2], sys.argv[3] == "yes", json.loads(sys.argv[4])
    tool = sys.argv[5] if len(sys.argv) > 5 else "signup"
    arguments = json.loads(sys.argv[6]) if len(sys.argv) > 6 else {}
    meta = {"io.modelcontextprotocol/acceptLanguage": sys.argv[7]} if len(sys.argv) > 7 else None
    forms: list[dict] = []

    async def answer(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        forms.append(params.model_dump(mode="json", by_alias=True, exclude_none=True))
        if not answers:
            return types.ErrorData(code=-32603, message="no answer left")
        return types.ElicitResult.model_validate(answers.pop(0))

    client = Client(
        server if server.startswith("http") else StdioServerParameters(command=server),
        mode=mode,
        elicitation_callback=answer if elicitation else None,
    )
    errors: list[MCPError] = []
    try:
        async with client:
            result = await client.call_tool(tool, arguments, meta=meta)
    except* MCPError as group:
        # The SDK raises it from task groups, nested: the JSON-RPC errors in them.
        pending: list[BaseException] = [group]
        while pending:
            error = pending.pop(0)
            if isinstance(error, BaseExceptionGroup):
                pending.extend(error.exceptions)
            elif isinstance(error, MCPError):
                errors.append(error)
    if errors:
        error = errors[0]
        report = {"code": error.code, "message": error.message, "data": error.data}
        print(json.dumps({"forms": forms, "error": report}))
        return
    text = "".join(block.text for block in result.content if block.type == "text")
    report = {"forms": forms, "text": text, "isError": bool(result.is_error)}
    if result.meta is not None:
        report["meta"] = result.meta
    print(json.dumps(report))


anyio.run(main)
