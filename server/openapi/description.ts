import { CONDITIONS } from '../../contract/table';
import { SESSION_IDLE_MS } from '../repos/sessions';
import { IDEMPOTENCY_RETENTION_MS } from '../repos/idempotency';

/*
 * The rules every call shares, written once here instead of on each operation. The figures are read from the
 * modules that enforce them, so the text cannot drift from the server.
 */
export function apiDescription(apiBase: string): string {
  const idleHours = SESSION_IDLE_MS / 3_600_000;
  const keepDays = IDEMPOTENCY_RETENTION_MS / 86_400_000;
  return `The API of a Shelfpad ESL server: what the console does, an ERP/POS system can do too. Every call is
generated from the contract the console itself uses (\`contract/endpoints\`), so this reference lists exactly the
calls, schemas and access rules the server enforces. Paths are relative to the API base \`${apiBase}\`.

## Authentication
\`POST ${apiBase}/auth/login\` with \`{"email", "password"}\` answers an \`accessToken\`. Every other call (except the
few marked *public*) sends two headers: \`Access-Token: <accessToken>\` and \`Access-Email: <the same e-mail>\`. A
session ends after ${idleHours} hours without a call, or at \`POST ${apiBase}/auth/logout\`. Missing or unknown headers
answer 401; a member without the privilege a call declares (its section and read/write, shown on each operation as
\`x-shelfpad-access\`), or naming a store it is not assigned to, gets 403. A company administrator acts only within
its companies; what belongs to the system (servers, system settings, software packages) is written only by the super
administrator (role -1). Login, signup and forgot-password are rate limited per client address (429).

## Answers and errors
Success is \`200\` with the JSON the operation shows (or a file where it says so). A failure is a 4xx/5xx status with
\`{"code": "…", "message": "…"}\`: \`message\` is meant for people, \`code\` for programs. Bodies are validated
strictly: an unknown property, a string where a number belongs or a value out of range is a 400 naming it — nothing
is silently dropped or coerced (path and query values, which are always text, are read as the schema's type).

## Table protocol
Lists (\`POST …/list\`-style calls whose answer has \`draw\`, \`recordsTotal\`, \`recordsFiltered\`, \`data\`) take one body:
- \`start\` (0-based row offset) and \`length\` (rows per page, at most 1000; \`-1\` = all), \`draw\` echoed back.
- Sorting: \`columns: [{"data": "<field>"}]\` and \`order: [{"column": <index into columns>, "dir": "asc"|"desc"}]\`.
- Filters: \`filter_<field>\` with \`condition_<field>\` one of ${CONDITIONS.map((c) => `\`${c}\``).join(', ')} (\`~\` contains, \`==\`
  equals, \`>=\`/\`<=\` on numbers and dates); text fields default to \`~\`, others to \`==\`; an array value means
  "any of". Each list's schema names its filterable fields — any other \`filter_\` is a 400.
- \`filter_startDate\` / \`filter_endDate\`: a date range in epoch seconds where the list has one;
  \`global_companyCode\` narrows to one company.

## Idempotency-Key
Writes marked with an \`Idempotency-Key\` header parameter may be retried safely: send a key of 8–128 letters,
digits or \`- _ . :\` that you generate per operation. The first answer is stored for ${keepDays} days and sent again,
with the header \`Idempotent-Replayed: true\`, for every repeat of the same key by the same member — so a retry after
a lost answer never assigns twice. The key is bound to the whole body (multipart files included): the same key with
another body is a 400 (\`IDEMPOTENCY_MISMATCH\`); a repeat while the first is still running is a 409
(\`IDEMPOTENCY_IN_FLIGHT\`). 5xx answers are not stored, so a retry after one runs the call again.

## Uploads and files
Calls marked \`multipart/form-data\` take their fields as form fields and their files as file parts. Calls that
answer a file say so in their 200 answer.

## Live push
Tag status changes and collecting updates are pushed on a websocket (the \`pushUrl\` / \`pushPort\` of
\`GET /config.json\`). Its first message must be \`{"type": "auth", "token": "<accessToken>", "email": "<e-mail>"}\`;
messages are scoped to the member's companies and stores.`;
}
