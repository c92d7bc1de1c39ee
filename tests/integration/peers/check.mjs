// Checks what mcp-elicit writes against the official TypeScript SDK (tests/integration/peers.rs writes the
// cases and runs this):
// - every `elicitation/create` request parses with the SDK's own schema, and nothing of it is
//   dropped (the SDK strips keys it does not model) nor reordered (`properties` keep their order);
// - every answer mcp-elicit accepts is accepted by the SDK's server-side validator (Ajv), as a
//   TypeScript server checks a client's answer after `accept`.
import { readFileSync } from "node:fs";
import * as current from "@modelcontextprotocol/sdk/types.js";
import * as legacy from "sdk-1-17/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const sdks = { "1.32.2": current, "1.17.5": legacy };
const failures = [];

function equal(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => equal(a[k], b[k]));
  }
  return a === b;
}

for (const { name, sdk, request } of cases.requests) {
  const parsed = sdks[sdk].ElicitRequestSchema.safeParse(request);
  if (!parsed.success) {
    failures.push(`${name}: SDK ${sdk} refuses the request: ${JSON.stringify(parsed.error.issues)}`);
    continue;
  }
  if (!equal(parsed.data.params, request.params)) {
    failures.push(`${name}: SDK ${sdk} changes the request: ${JSON.stringify(parsed.data.params)}`);
  }
  const sent = request.params.requestedSchema;
  if (sent) {
    const order = Object.keys(parsed.data.params.requestedSchema.properties).join(",");
    if (order !== Object.keys(sent.properties).join(",")) {
      failures.push(`${name}: SDK ${sdk} reorders the properties: ${order}`);
    }
  }
}

const validator = new AjvJsonSchemaValidator();
for (const { name, schema, content } of cases.answers) {
  const result = validator.getValidator(schema)(content);
  if (!result.valid) {
    failures.push(`${name}: the SDK's validator refuses an answer mcp-elicit accepts: ${result.errorMessage}`);
  }
}

console.log(`${cases.requests.length} requests and ${cases.answers.length} answers checked against the TypeScript SDK`);
for (const failure of failures) console.log(failure);
process.exit(failures.length === 0 ? 0 : 1);
