// The recorded replies of the Riverside Library help desk in the older GenAI conventions, OpenInference and OpenLLMetry.
import { exchange, type Reply, titleSearch } from './reply';

const dune4471 = { card: '4471', title: 'Dune' };

export const OTHER_REPLIES: readonly Reply[] = [
  // GenAI 1.28–1.36: content in span events (Azure AI Inference style)
  {
    convention: 'genai_events',
    model: 'gpt-4o-mini',
    question: 'How much do I pay if I return a book five days late?',
    answer: 'Late fees are 0.20 EUR per item per day, so five days cost 1.00 EUR.',
  },
  {
    convention: 'genai_events',
    model: 'gpt-4o-mini',
    question: 'Is there a limit on late fees?',
    answer: 'There is no limit: fees grow by 0.20 EUR a day until you return the item.',
  },
  {
    convention: 'genai_events',
    model: 'gpt-4o-mini',
    question: 'Can I renew a loan that someone else reserved?',
    answer: 'No. A reserved item cannot be renewed; please return it by its due date.',
    conversation: 'app-19c2',
  },
  {
    convention: 'genai_events',
    model: 'gpt-4o-mini',
    conversation: 'app-19c2',
    history: exchange(
      'Can I renew a loan that someone else reserved?',
      'No. A reserved item cannot be renewed; please return it by its due date.',
    ),
    question: 'How many times can I renew otherwise?',
    answer: 'Twice, online, as long as nobody has reserved the item.',
  },
  {
    convention: 'genai_events',
    model: 'gpt-4o-mini',
    question: 'What are your Saturday hours?',
    answer: 'On Saturdays we are open from 10:00 to 18:00.',
    capture: 'disabled',
  },
  // GenAI 1.26–1.27: gen_ai.content.prompt / gen_ai.content.completion events
  {
    convention: 'genai_legacy',
    model: 'gpt-4o-mini',
    question: 'What time do you close on weekdays?',
    answer: 'On weekdays the main branch closes at 20:00.',
  },
  {
    convention: 'genai_legacy',
    model: 'gpt-4o-mini',
    question: 'Do residents pay for a library card?',
    answer: 'Yes, a card costs 10 EUR a year.',
  },
  {
    convention: 'genai_legacy',
    model: 'gpt-4o-mini',
    question: 'Give the opening hours of Saturday and Sunday as JSON.',
    answer: '{"saturday": "10:00-18:00", "sunday": "12:00-17:00"}',
  },
  // OpenInference (Arize Phoenix)
  {
    convention: 'openinference',
    model: 'claude-sonnet-4-5',
    question: 'Please delete my account, card 4471, and all my loans with it.',
    answer:
      'I cannot close accounts online. Please come to the desk with your card and an ID, and we will close it there.',
  },
  {
    convention: 'openinference',
    model: 'claude-sonnet-4-5',
    question: 'Can I borrow e-books?',
    answer: 'I do not have information about e-books; please ask at the desk.',
    conversation: 'kiosk-2',
  },
  {
    convention: 'openinference',
    model: 'claude-sonnet-4-5',
    question: 'Write me a detailed guide to every branch, its hours and how to get there.',
    answer:
      '# Riverside Library branches\n\n## Main branch\nMonday to Friday 9:00-20:00, Saturday 10:00-18:00, Sunday 12:00-17:00.\n\n## North branch\nOpen',
    finish: 'max_tokens',
  },
  {
    convention: 'openinference',
    model: 'claude-sonnet-4-5',
    question: 'What is my card PIN?',
    answer: 'I cannot see PINs.',
    capture: 'redacted',
  },
  {
    convention: 'openinference',
    model: 'qwen3:8b',
    question: 'Is Klara and the Sun on the shelf?',
    tools: [titleSearch('Klara and the Sun', 1)],
    answer: 'Yes, one copy of Klara and the Sun is available.',
  },
  {
    convention: 'openinference',
    model: 'qwen3:8b',
    question: 'What loans do I have on card 4471?',
    tools: [
      {
        name: 'find_loan',
        args: { card: '4471' },
        result: {
          card: '4471',
          loans: [
            { title: 'Dune', due_date: '2026-12-01' },
            { title: 'The Dispossessed', due_date: '2026-11-20' },
          ],
        },
      },
    ],
    answer: 'You have two loans: Dune (due 2026-12-01) and The Dispossessed (due 2026-11-20).',
    conversation: 'chat-4471',
  },
  {
    convention: 'openinference',
    model: 'qwen3:8b',
    question: 'Renew everything on card 4471.',
    tools: [
      { name: 'renew_loan', args: dune4471, result: { title: 'Dune', due_date: '2026-12-22', renewals: 1 } },
      {
        name: 'renew_loan',
        args: { card: '4471', title: 'The Dispossessed' },
        result: { error: 'reserved by another member' },
      },
    ],
    answer:
      'Dune is renewed until 2026-12-22. The Dispossessed is reserved by another member, so it could not be renewed.',
  },
  // OpenLLMetry / Traceloop before 0.5 (gen_ai.prompt.N.* / gen_ai.completion.N.*)
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'How late are you open on Fridays?',
    answer: 'On Fridays the main branch is open until 20:00.',
  },
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'Can I renew a book three times?',
    answer: 'Yes, you can renew as often as you like.',
  },
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'What are the opening hours for the whole week, day by day, with holidays?',
    answer: 'Monday 9:00-20:00, Tuesday 9:00-20:00, Wednesday 9:00-20:00, Thursday 9:',
    finish: 'length',
  },
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'Where do I park?',
    answer: 'There is a car park behind the main branch.',
    capture: 'streamed',
  },
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'Where is my card 4471 loan of Dune? When is it due?',
    tools: [
      {
        name: 'get_loan',
        args: dune4471,
        result: { title: 'Dune', due_date: '2026-12-01', renewals: 0, reserved: false },
      },
    ],
    answer: 'Dune on card 4471 is due on 2026-12-01. You can still renew it twice.',
  },
  {
    convention: 'openllmetry',
    model: 'gpt-4o-mini',
    question: 'Any books by Ursula K. Le Guin available?',
    tools: [
      {
        name: 'search_catalog',
        args: { query: 'Le Guin' },
        result: {
          results: [
            { title: 'The Left Hand of Darkness', available: 2 },
            { title: 'The Dispossessed', available: 0 },
          ],
        },
      },
    ],
    answer: 'Yes: The Left Hand of Darkness has 2 copies available. The Dispossessed is on loan.',
  },
  {
    convention: 'openllmetry',
    model: 'gemini-2.5-flash',
    question: 'Summarise every rule of the library in full detail.',
    tools: [{ name: 'search_catalog', args: { query: 'rules' }, result: { results: [] } }],
    answer: 'The rules of the Riverside Library are: loans last 21 days; renewals',
    finish: 'MAX_TOKENS',
  },
];
