// The official TypeScript ACP SDK as the client of acp_agent: it parses every incoming request
// with its own schemas, so a form it cannot read never reaches the handler below.
//
//   node client.mjs SCENARIO AGENT_COMMAND...
//
// SCENARIO: accept | invalid | decline | no-forms. Prints one JSON object: every
// `elicitation/create` params as the handler received them (their properties in the order they
// came), the agent's messages, and the prompt's stop reason.
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream } from "@agentclientprotocol/sdk";

const [scenario, ...command] = process.argv.slice(2);
const agent = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
const stream = ndJsonStream(Writable.toWeb(agent.stdin), Readable.toWeb(agent.stdout));

const valid = {
  displayName: "Ada Lovelace",
  email: "ada@example.com",
  age: 36,
  plan: "pro",
  topics: ["releases"],
};
// Two fields break the form's rules; the others are right and should come back prefilled.
const invalid = { ...valid, displayName: "A!", age: 12 };

const requests = [];
const messages = [];

function answer(params) {
  requests.push({
    params,
    propertyOrder: Object.keys(params.requestedSchema?.properties ?? {}),
  });
  switch (scenario) {
    case "accept":
      return { action: "accept", content: valid };
    case "invalid":
      return { action: "accept", content: requests.length === 1 ? invalid : valid };
    case "decline":
      return { action: "decline" };
    default:
      return { action: "cancel" };
  }
}

const capabilities =
  scenario === "no-forms"
    ? { elicitation: {} } // ACP: an empty object advertises no mode
    : { elicitation: { form: {} } };

const app = client({ name: "mcp-elicit-test-client" })
  .onRequest("elicitation/create", async ({ params }) => answer(params))
  .onNotification("session/update", async ({ params: notification }) => {
    const update = notification.update;
    if (update.sessionUpdate === "agent_message_chunk" && update.content.type === "text") {
      messages.push(update.content.text);
    }
  });

const stopReason = await app.connectWith(stream, async (ctx) => {
  await ctx.request("initialize", { protocolVersion: 1, clientCapabilities: capabilities });
  const session = await ctx.request("session/new", { cwd: process.cwd(), mcpServers: [] });
  const result = await ctx.request("session/prompt", {
    sessionId: session.sessionId,
    prompt: [{ type: "text", text: "Sign me up" }],
  });
  return result.stopReason;
});

agent.kill();
process.stdout.write(JSON.stringify({ requests, messages, stopReason }) + "\n");
