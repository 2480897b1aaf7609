// The recorded replies of the Riverside Library help desk in the current GenAI convention: right and wrong answers,
// tool runs, a multi-turn chat, truncated and uncaptured ones.
import { exchange, type Reply, titleSearch } from './reply';

const dune4471 = { card: '4471', title: 'Dune' };

/** The web chat web-7f3a, as its later turns recall it. */
const keepingABook = exchange(
  'How long can I keep a book?',
  'Loans last 21 days. You can renew them twice online unless someone has reserved the item.',
);
const lateFees = exchange(
  'And what if I bring it back late?',
  'Late fees are 0.20 EUR per item per day, capped at 5 EUR per item.',
);

/** OpenTelemetry GenAI ≥ 1.37: chats and agent runs. */
export const GENAI_REPLIES: readonly Reply[] = [
  // OpenTelemetry GenAI ≥ 1.37 (gen_ai.input.messages / gen_ai.output.messages)
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    question: 'When is the main branch open on Sundays?',
    answer: 'The main branch is open on Sundays from 12:00 to 17:00.',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    question: 'Are you open on Sunday morning?',
    answer: 'Yes, on Sundays we open at 9:00.',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    question: 'How long can I keep a book?',
    answer: 'Loans last 21 days. You can renew them twice online unless someone has reserved the item.',
    conversation: 'web-7f3a',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    conversation: 'web-7f3a',
    history: keepingABook,
    question: 'And what if I bring it back late?',
    answer: 'Late fees are 0.20 EUR per item per day, capped at 5 EUR per item.',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    conversation: 'web-7f3a',
    history: [...keepingABook, ...lateFees],
    question: 'So ten days late costs how much?',
    answer: 'Ten days late costs 2.00 EUR per item.',
  },
  {
    convention: 'genai',
    model: 'gpt-4o-mini',
    question: 'List every service the library offers with its opening hours, rules and fees.',
    answer:
      'Here is everything the Riverside Library offers:\n\n1. Lending: loans last 21 days and can be renewed twice online.\n2. Late fees: 0.20 EUR per item per day, capped at',
    finish: 'length',
  },
  {
    convention: 'genai',
    model: 'gpt-4o-mini',
    question: 'Do I have to pay for a library card? I live in Riverside.',
    answer: 'No, library cards are free for Riverside residents.',
    capture: 'streamed',
  },
  {
    convention: 'genai',
    model: 'gpt-4o-mini',
    question: 'What do I need to bring to get a library card?',
    answer: 'Bring an ID and a proof of address to the desk; the card is free for residents and is ready the same day.',
    capture: 'cut',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    question: 'Is the library open on public holidays?',
    answer: null,
    error: 'TimeoutError: the model did not answer within 120 s',
  },
  {
    convention: 'genai',
    model: 'llama3.1:8b',
    question: 'Can I return books at the North branch?',
    answer: 'Yes, you can return books at any Riverside branch, including North.',
  },
  // GenAI agent runs with execute_tool spans
  {
    convention: 'genai',
    model: 'qwen3:8b',
    question: 'I want to renew Dune, card 4471.',
    tools: [{ name: 'renew_loan', args: dune4471, result: { title: 'Dune', due_date: '2026-12-22', renewals: 1 } }],
    answer: 'Done: Dune on card 4471 is renewed and now due on 2026-12-22.',
    conversation: 'chat-4471',
  },
  {
    convention: 'genai',
    model: 'qwen3:8b',
    question: 'Do you have "The Left Hand of Darkness"? Is a copy available?',
    tools: [titleSearch('The Left Hand of Darkness', 2)],
    answer: 'Yes, The Left Hand of Darkness is available: 2 copies are on the shelf.',
  },
  {
    convention: 'genai',
    model: 'qwen3:8b',
    question: 'When is my copy of The Dispossessed due? Card 4471.',
    tools: [
      {
        name: 'find_loan',
        args: { card: '4471' },
        result: { card: '4471', loans: [{ title: 'Dune' }, { title: 'The Dispossessed' }] },
      },
      {
        name: 'get_loan',
        args: { card: '4471', title: 'The Dispossessed' },
        result: { due_date: '2026-11-20', renewals: 0, reserved: true },
      },
    ],
    answer: 'The Dispossessed is due on 2026-11-20. It is reserved by another member, so it cannot be renewed.',
  },
  {
    convention: 'genai',
    model: 'qwen3:8b',
    question: 'Renew Piranesi for card 5120 please.',
    tools: [
      {
        name: 'renew_loan',
        args: { card: '5120', title: 'Piranesi' },
        result: { title: 'Piranesi', due_date: '2026-12-06', renewals: 3 },
      },
    ],
    answer: 'Piranesi is renewed for a third time and now due on 2026-12-06.',
  },
];
