"""The official Python ACP SDK as the client of acp_agent: it validates every incoming
`elicitation/create` with its own (pydantic) models before the handler below sees it.

    python client.py SCENARIO AGENT_COMMAND...

SCENARIO: accept | invalid | decline | no-forms. Prints one JSON object, as typescript/client.mjs
does: each form request as the SDK's models read it back (its properties in the order they came),
the agent's messages, and the prompt's stop reason.
"""

import asyncio
import json
import sys

from pydantic import TypeAdapter

from acp import spawn_agent_process, text_block
from acp.schema import (
    ClientCapabilities,
    CreateElicitationResponse,
    ElicitationCapabilities,
    ElicitationFormCapabilities,
)

VALID = {
    "displayName": "Ada Lovelace",
    "email": "ada@example.com",
    "age": 36,
    "plan": "pro",
    "topics": ["releases"],
}
INVALID = {**VALID, "displayName": "A!", "age": 12}


class Client:
    def __init__(self, scenario):
        self.scenario = scenario
        self.requests = []
        self.messages = []

    async def create_elicitation(self, message, mode, **kwargs):
        mode = mode.root if hasattr(mode, "root") else mode
        schema = mode.requested_schema.model_dump(by_alias=True, exclude_none=True)
        # The request as the SDK's models read it, in the shape it came in.
        params = {"sessionId": mode.session_id, "mode": "form", "message": message}
        params["requestedSchema"] = schema
        self.requests.append(
            {
                "params": params,
                "propertyOrder": list((schema.get("properties") or {}).keys()),
            }
        )
        if self.scenario == "accept":
            answer = {"action": "accept", "content": VALID}
        elif self.scenario == "invalid":
            content = INVALID if len(self.requests) == 1 else VALID
            answer = {"action": "accept", "content": content}
        elif self.scenario == "decline":
            answer = {"action": "decline"}
        else:
            answer = {"action": "cancel"}
        # The SDK's own model of the answer: what it would refuse to send fails here.
        return TypeAdapter(CreateElicitationResponse).validate_python(answer)

    async def session_update(self, session_id, update, **kwargs):
        if getattr(update, "session_update", None) == "agent_message_chunk":
            content = update.content
            if getattr(content, "type", None) == "text":
                self.messages.append(content.text)

    async def request_permission(self, *args, **kwargs):
        raise NotImplementedError

    async def write_text_file(self, *args, **kwargs):
        raise NotImplementedError

    async def read_text_file(self, *args, **kwargs):
        raise NotImplementedError


async def main():
    scenario, command = sys.argv[1], sys.argv[2:]
    client = Client(scenario)
    if scenario == "no-forms":
        # ACP: an empty object advertises no mode.
        elicitation = ElicitationCapabilities()
    else:
        elicitation = ElicitationCapabilities(form=ElicitationFormCapabilities())
    capabilities = ClientCapabilities(elicitation=elicitation)
    async with spawn_agent_process(
        lambda _agent: client, command[0], *command[1:], use_unstable_protocol=True
    ) as (conn, _process):
        await conn.initialize(protocol_version=1, client_capabilities=capabilities)
        session = await conn.new_session(cwd="/", mcp_servers=[])
        result = await conn.prompt(
            session_id=session.session_id, prompt=[text_block("Sign me up")]
        )
    print(
        json.dumps(
            {
                "requests": client.requests,
                "messages": client.messages,
                "stopReason": result.stop_reason,
            }
        )
    )


asyncio.run(main())
