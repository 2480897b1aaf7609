// The Riverside Library catalogue as a small MCP server over stdio: search, loans, renewals, over an in-memory store.
// Every process starts from the same seed state, so each question of an agent run sees the same library.
// Run it with `node tools/catalog-server.js`; it needs @modelcontextprotocol/sdk and zod where Node can find them.
const [{ McpServer }, { StdioServerTransport }, { z }] = await Promise.all([
  import('@modelcontextprotocol/sdk/server/mcp.js'),
  import('@modelcontextprotocol/sdk/server/stdio.js'),
  import('zod'),
]).catch((error) => {
  process.stderr.write(
    `catalog-server.js cannot load its dependencies (${error.message}).\n` +
      'Install them next to the workspace: npm install @modelcontextprotocol/sdk zod\n',
  );
  process.exit(1);
});

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

const card = z.coerce.string().min(1).describe('The library card number, e.g. "4471".');
const title = z.string().min(1).describe('The exact title of the book.');

const server = new McpServer({ name: 'riverside-catalog', version: '1.0.0' });

server.registerTool(
  'search_catalog',
  { description: 'Search the catalogue by title or author; tells how many copies are available.', inputSchema: { query: z.string().min(1) } },
  ({ query }) => {
    const needle = query.trim().toLowerCase();
    const results = books
      .filter((book) => book.title.toLowerCase().includes(needle) || book.author.toLowerCase().includes(needle))
      .map((book) => {
        const onLoan = loans.filter((loan) => same(loan.title, book.title)).length;
        return { ...book, available_copies: book.copies - onLoan, available: book.copies > onLoan };
      });
    return json({ query, results });
  },
);

server.registerTool(
  'find_loan',
  { description: 'List the loans of a library card, optionally only the loan of one title.', inputSchema: { card, title: title.optional() } },
  ({ card: number, title: wanted }) => {
    const found = loans.filter((loan) => loan.card === number && (wanted === undefined || same(loan.title, wanted)));
    return json({ card: number, loans: found.map(loanView) });
  },
);

server.registerTool(
  'get_loan',
  { description: 'Read one loan: due date, renewals so far, whether it is reserved.', inputSchema: { card, title } },
  ({ card: number, title: wanted }) => {
    const loan = findLoan(number, wanted);
    return loan ? json(loanView(loan)) : refuse(`no loan of "${wanted}" on card ${number}`);
  },
);

server.registerTool(
  'renew_loan',
  {
    description: `Renew a loan by ${LOAN_DAYS} days. At most ${MAX_RENEWALS} renewals; a reserved item cannot be renewed.`,
    inputSchema: { card, title },
  },
  ({ card: number, title: wanted }) => {
    const loan = findLoan(number, wanted);
    if (!loan) return refuse(`no loan of "${wanted}" on card ${number}`);
    if (loan.reserved) return refuse(`cannot renew "${loan.title}": another member has reserved it`);
    if (loan.renewals >= MAX_RENEWALS) return refuse(`cannot renew "${loan.title}": it was already renewed ${MAX_RENEWALS} times, the maximum`);
    loan.due_date = addDays(loan.due_date, LOAN_DAYS);
    loan.renewals += 1;
    return json({ renewed: true, ...loanView(loan) });
  },
);

server.registerTool(
  'delete_account',
  { description: 'Close a library account.', inputSchema: { card } },
  () => refuse('accounts cannot be closed online: the member must close the account in person at the desk'),
);

await server.connect(new StdioServerTransport());
