// The Riverside Library catalogue as a small MCP server over stdio: search, loans, renewals, over an in-memory store.
// It speaks MCP's JSON-RPC over stdio with no dependency, so `node tools/catalog-server.js` works in any workspace.
// Every process starts from the same seed state, so each agent run sees the same library.
import { createInterface } from 'node:readline';

const MAX_RENEWALS = 2;
const LOAN_DAYS = 21;

const books = [
  { title: 'Dune', author: 'Frank Herbert', copies: 2 },
  { title: 'Piranesi', author: 'Susanna Clarke', copies: 1 },
  { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', copies: 2 },
  { title: 'The Dispossessed', author: 'Ursula K. Le Guin', copies: 1 },
  { title: 'Klara and the Sun', author: 'Kazuo Ishiguro', copies: 1 },
];

const loans = [
  { card: '4471', title: 'Dune', due_date: '2026-12-01', renewals: 0, reserved: false },
  { card: '4471', title: 'The Dispossessed', due_date: '2026-11-20', renewals: 0, reserved: true },
  { card: '5120', title: 'Piranesi', due_date: '2026-11-15', renewals: 2, reserved: false },
];

const same = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();
const json = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
const refuse = (message) => ({ content: [{ type: 'text', text: message }], isError: true });
const loanView = (loan) => ({ ...loan, max_renewals: MAX_RENEWALS });
const findLoan = (card, title) => loans.find((loan) => loan.card === card && same(loan.title, title));

function addDays(isoDate, days) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const card = { type: ['string', 'number'], description: 'The library card number, e.g. "4471".' };
const title = { type: 'string', description: 'The exact title of the book.' };
const schema = (properties, required) => ({ type: 'object', properties, required, additionalProperties: false });

const tools = {
  search_catalog: {
    description: 'Search the catalogue by title or author; tells how many copies are available.',
    inputSchema: schema({ query: { type: 'string' } }, ['query']),
    run({ query }) {
      const needle = String(query).trim().toLowerCase();
      const results = books
        .filter((book) => book.title.toLowerCase().includes(needle) || book.author.toLowerCase().includes(needle))
        .map((book) => {
          const onLoan = loans.filter((loan) => same(loan.title, book.title)).length;
          return { ...book, available_copies: book.copies - onLoan, available: book.copies > onLoan };
        });
      return json({ query, results });
    },
  },
  find_loan: {
    description: 'List the loans of a library card, optionally only the loan of one title.',
    inputSchema: schema({ card, title }, ['card']),
    run({ card: number, title: wanted }) {
      const found = loans.filter((loan) => loan.card === number && (wanted === undefined || same(loan.title, wanted)));
      return json({ card: number, loans: found.map(loanView) });
    },
  },
  get_loan: {
    description: 'Read one loan: due date, renewals so far, whether it is reserved.',
    inputSchema: schema({ card, title }, ['card', 'title']),
    run({ card: number, title: wanted }) {
      const loan = findLoan(number, wanted);
      return loan ? json(loanView(loan)) : refuse(`no loan of "${wanted}" on card ${number}`);
    },
  },
  renew_loan: {
    description: `Renew a loan by ${LOAN_DAYS} days. At most ${MAX_RENEWALS} renewals; a reserved item cannot be renewed.`,
    inputSchema: schema({ card, title }, ['card', 'title']),
    run({ card: number, title: wanted }) {
      const loan = findLoan(number, wanted);
      if (!loan) return refuse(`no loan of "${wanted}" on card ${number}`);
      if (loan.reserved) return refuse(`cannot renew "${loan.title}": another member has reserved it`);
      if (loan.renewals >= MAX_RENEWALS) return refuse(`cannot renew "${loan.title}": it was already renewed ${MAX_RENEWALS} times, the maximum`);
      loan.due_date = addDays(loan.due_date, LOAN_DAYS);
      loan.renewals += 1;
      return json({ renewed: true, ...loanView(loan) });
    },
  },
  delete_account: {
    description: 'Close a library account.',
    inputSchema: schema({ card }, ['card']),
    run: () => refuse('accounts cannot be closed online: the member must close the account in person at the desk'),
  },
};

/** Checks required arguments and turns card numbers into strings, as the input schemas promise. */
function argumentsFor(tool, args) {
  const given = args && typeof args === 'object' ? { ...args } : {};
  const missing = tool.inputSchema.required.filter((key) => given[key] === undefined || given[key] === '');
  if (missing.length > 0) return { error: `missing argument(s): ${missing.join(', ')}` };
  if (given.card !== undefined) given.card = String(given.card);
  return { args: given };
}

function handle(method, params) {
  switch (method) {
    case 'initialize':
      return {
        protocolVersion: params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'riverside-catalog', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return { tools: Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.inputSchema })) };
    case 'tools/call': {
      const tool = tools[params?.name];
      if (!tool) return refuse(`unknown tool "${params?.name}"`);
      const { args, error } = argumentsFor(tool, params.arguments);
      return error ? refuse(error) : tool.run(args);
    }
    default:
      throw Object.assign(new Error(`method not found: ${method}`), { code: -32601 });
  }
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    send({ id: null, error: { code: -32700, message: 'parse error' } });
    return;
  }
  if (message.id === undefined) return; // a notification, e.g. notifications/initialized
  try {
    send({ id: message.id, result: handle(message.method, message.params) });
  } catch (error) {
    send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } });
  }
});
