// A client on the official TypeScript SDK (`@modelcontextprotocol/sdk`, pinned in package.json)
// that drives `router_server`: one session, its steps read from the input, the same line protocol
// as `python/router.py`.
//
//     node router.mjs URL MODE TOKEN [PROFILE]
//
// URL is the server's MCP endpoint (`http://127.0.0.1:PORT/mcp`); MODE is `legacy` (the
// initialize handshake, 2025-11-25): this SDK speaks no later version (its newest is 2025-11-25),
// so any other MODE is refused. TOKEN is the bearer token it sends (`dev-NAME`; `-` sends no
// `Authorization` at all). PROFILE is the elicitation it declares in `initialize`:
//
// - `both` (the default): `{"elicitation": {"form": {}, "url": {}}}`;
// - `form`: `{"elicitation": {"form": {}}}`;
// - `url`: `{"elicitation": {"url": {}}}`;
// - `none`: `{}`, and no handler (the SDK refuses a handler of a capability not declared): an
//   elicitation is answered by the SDK with "Method not found" (-32601);
// - `silent`: `{"elicitation": {"form": {}}}`, and it never answers a form: it waits until the
//   server cancels the request (or forever).
//
// The SDK itself refuses an elicitation of a mode that is not declared (-32602) before the
// handler sees it. Each line of its input is a step, a JSON object:
//
// - `{"tool": NAME, "arguments": {...}, "answers": [...]}` calls a tool;
// - `{"prompt": NAME, "arguments": {...}, "answers": [...]}` gets a prompt;
// - `{"list": true}` lists the tools and the prompts.
//
// A form is answered with the step's next answer (an `ElicitResult`); a URL elicitation prints
// one JSON line (`url`, `message`, `elicitationId`) and reads the action to answer with from the
// next line of input (the person opens the page meanwhile). After each step it prints one JSON
// line: the `forms` it was shown (answered or not), `refused` (always empty: the SDK refuses
// before the handler) and the number of forms the server `cancelled` before they were answered;
// a tool's `text` and `isError`, or a prompt's `messages` and their `text` (each message's text,
// on lines of their own); the `tools` and `prompts`; or the `error` (a JSON-RPC error's `code` and
// `message`, or any other failure's `message`, such as an HTTP 401). A session that cannot start
// prints `{"error": ...}` and ends with status 1. `tests/reach.rs` (in this package) runs it.
import { createInterface } from 'node:readline';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

const PROFILES = {
  both: { elicitation: { form: {}, url: {} } },
  form: { elicitation: { form: {} } },
  url: { elicitation: { url: {} } },
  none: {},
  silent: { elicitation: { form: {} } },
};

// The calls wait for a person (2025-11-25 keeps a call open while its page is answered): longer
// than the SDK's default of 60 s, as long as the Python client waits.
const TIMEOUT = 600_000;

const say = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

// The input's lines, each read once, by the steps and by the URL elicitations.
const lines = [];
const waiting = [];
let ended = false;
const input = createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => (waiting.length ? waiting.shift()(line) : lines.push(line)));
input.on('close', () => {
  ended = true;
  while (waiting.length) waiting.shift()(null);
});
const readLine = () =>
  lines.length ? Promise.resolve(lines.shift()) : ended ? Promise.resolve(null) : new Promise((r) => waiting.push(r));

const failure = (error) =>
  error instanceof McpError
    ? { code: error.code, message: error.message.replace(/^MCP error -?\d+: /, '') }
    : { message: `${error?.name}: ${error?.message ?? error}`, ...(error?.code ? { status: error.code } : {}) };

const [url, mode, token, profile = 'both'] = process.argv.slice(2);
if (mode !== 'legacy') {
  say({ error: { message: `this SDK speaks 2025-11-25 only (MODE legacy), not ${mode}` } });
  process.exit(1);
}
const capabilities = PROFILES[profile];
if (!capabilities) {
  say({ error: { message: `no profile ${profile}` } });
  process.exit(1);
}

let forms = [];
let answers = [];
let cancelled = 0;
const client = new Client({ name: 'mcp-elicit-router-typescript', version: '1.0.0' }, { capabilities });
if (capabilities.elicitation) {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params;
    if (params.mode === 'url') {
      say({ url: params.url, message: params.message, elicitationId: params.elicitationId });
      return { action: ((await readLine()) ?? 'cancel').trim() };
    }
    forms.push(params);
    if (profile === 'silent') {
      return new Promise((_, reject) => {
        extra.signal.addEventListener('abort', () => {
          cancelled += 1;
          reject(new Error('cancelled'));
        });
      });
    }
    if (!answers.length) throw new McpError(-32603, 'no answer left');
    return answers.shift();
  });
}

const headers = token === '-' ? {} : { Authorization: `Bearer ${token}` };
const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
try {
  await client.connect(transport, { timeout: TIMEOUT });
} catch (error) {
  say({ error: failure(error) });
  process.exit(1);
}

for (let line; (line = await readLine()) !== null && line.trim(); ) {
  const step = JSON.parse(line);
  forms = [];
  answers = [...(step.answers ?? [])];
  cancelled = 0;
  const report = {};
  try {
    if ('tool' in step) {
      const result = await client.callTool({ name: step.tool, arguments: step.arguments ?? {} }, undefined, {
        timeout: TIMEOUT,
      });
      report.text = result.content
        .filter((block) => block.type === 'text')
        .map((block) => block.text)
        .join('');
      report.isError = Boolean(result.isError);
    } else if ('prompt' in step) {
      const result = await client.getPrompt({ name: step.prompt, arguments: step.arguments }, { timeout: TIMEOUT });
      report.messages = result.messages;
      report.text = result.messages
        .filter((message) => message.content.type === 'text')
        .map((message) => message.content.text)
        .join('\n');
    } else {
      report.tools = (await client.listTools()).tools;
      report.prompts = (await client.listPrompts()).prompts;
    }
  } catch (error) {
    report.error = failure(error);
  }
  // The server's cancellation of a form it waited for may reach its handler just after the
  // call's result: a moment's grace before counting it (never for a session's request 0, whose
  // cancellation the SDK drops: see tests/reach.rs).
  if (profile === 'silent') {
    for (let waited = 0; cancelled < forms.length && waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  report.forms = forms;
  report.refused = [];
  report.cancelled = cancelled;
  say(report);
}
await client.close();
