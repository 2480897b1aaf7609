// The glossary: every term of art the screens use, defined once in plain words (the Term component and the glossary page read it).

export type GlossaryEntry = Readonly<{
  /** How the term is written on screen. */
  term: string;
  /** One or two sentences, shown on hover. */
  short: string;
  /** More, shown on the glossary page only. */
  more?: string;
}>;

export const GLOSSARY = {
  tpr: {
    term: 'TPR',
    short:
      'True positive rate: of the answers you labelled pass, the share the judge passed too. 95% means the judge passed 19 of 20 answers you found good.',
    more: 'A low TPR means the judge is too strict: it fails good answers, so scores look worse than they are.',
  },
  tnr: {
    term: 'TNR',
    short:
      'True negative rate: of the answers you labelled fail, the share the judge failed too, i.e. how many failures it catches. 90% means it caught 9 of 10.',
    more: 'A low TNR means the judge is too lenient: bad answers slip through as passes, so scores look better than they are.',
  },
  trust: {
    term: 'trust',
    short:
      'Whether an LLM judge agrees with your labels, one word for each state: trusted (TPR and TNR reach the thresholds in settings), failing (one does not, or its latest drift window does not), insufficient (too few labels to tell), stale (the judge model or template changed since), unvalidated (never measured).',
    more: 'Only labels your reviewers agree on count; an item they dispute is left out until they agree, whoever clicked last. A sample stratified on the judge’s verdict is weighted back to the calls it was drawn from.',
  },
  gold_set: {
    term: 'gold set',
    short:
      'Answers a judge scored, sampled for you to label by hand. Your labels are the truth the judge is measured against (its TPR and TNR).',
    more: 'The sample is stratified (about half the judge passed, half it failed) so both rates can be measured, and an answer repeated word for word is sampled once. Settings → Judges sets how many labels to aim for.',
  },
  advisory: {
    term: 'advisory',
    short:
      'Shown to inform you, never to decide: a judge’s trust state does not change the run’s score, gate or verdict. Read scores from an unvalidated or failing judge with care.',
  },
  confidence_interval: {
    term: 'confidence interval',
    short:
      'The range the true value most likely lies in, given how few samples were seen: "80% [62%, 91%]" means 80% was measured and, at 95% confidence, the true rate is between 62% and 91%.',
    more: 'Intervals narrow as you add questions or labels. Two runs whose intervals overlap widely may not really differ. Pass rates use the Wilson interval; score differences a bootstrap interval.',
  },
  pass_threshold: {
    term: 'pass threshold',
    short:
      'The 0-5 score a question must reach to pass (settings: question_pass_threshold, 3.5 by default). A question passes on the average of its graders, so it can pass with some graders below it.',
  },
  gate: {
    term: 'gate',
    short:
      'The bar a target’s run must clear: an average score or a pass rate at or above a threshold. A hard gate fails the run (and CI, exit 1); a soft gate only warns.',
  },
  degraded: {
    term: 'degraded',
    short:
      'A question that could not be scored because a provider or judge call failed (after retries). It counts neither as pass nor as fail, so an outage never looks like a bad answer.',
  },
  experiment: {
    term: 'experiment',
    short:
      'A run of a prompt variant or an optimizer candidate. Experiments are kept apart from the target’s history: they are left out of trends, gates and totals unless you ask.',
  },
  chrf: {
    term: 'chrF',
    short:
      'A similarity score between the answer and a reference text, from 0 to 1, built from matching character sequences. It forgives small spelling and word-form differences that an exact match would fail.',
    more: 'chrF++ also counts matching word pairs, so word order matters a little more. A target_match check with mode chrf passes when the score reaches its threshold.',
  },
  combine: {
    term: 'combine mode',
    short:
      'How a rubric turns its checks into one verdict: all_pass (every check passes), any_pass (one is enough), weighted_avg (the checks’ scores averaged by weight, against the threshold), or min, max or median of the scores.',
  },
  all_pass: {
    term: 'all_pass',
    short: 'A rubric combine mode: the rubric passes only when every executed check passes.',
  },
  any_pass: {
    term: 'any_pass',
    short: 'A rubric combine mode: the rubric passes when at least one executed check passes.',
  },
  weighted_avg: {
    term: 'weighted_avg',
    short:
      'A rubric combine mode: each check’s 0-1 score times its weight, averaged; the rubric passes when that average reaches the rubric’s threshold.',
  },
  deciding_question: {
    term: 'deciding question',
    short:
      'A question whose scores decide whether the optimizer accepts a candidate prompt: the held-out split, which the proposer never saw, so a gain there is not just the prompt learning the test.',
  },
  attempt: {
    term: 'attempt',
    short:
      'In a result: one call to the model; "3 attempts" means two calls failed (a timeout, a rate limit) and were retried. In the optimizer: one round of proposing and measuring a candidate prompt.',
  },
  bootstrap: {
    term: 'bootstrap interval',
    short:
      'A confidence interval found by resampling the questions many times: if it lies wholly above 0 the difference between two runs is unlikely to be luck.',
  },
  mcnemar: {
    term: 'McNemar’s test',
    short:
      'Compares two runs on the questions where one passed and the other failed; a small p-value (below 0.05) means the change in pass/fail is unlikely to be luck.',
  },
  corrected_pass_rate: {
    term: 'corrected pass rate',
    short:
      'The pass rate a human would give, estimated from a trusted judge’s verdicts and your labels, with an interval that carries the labels’ uncertainty as well as the run’s.',
    more: 'Labels of this run’s own answers use the prediction-powered estimate; labels from other runs use Rogan-Gladen. The verdict names the one used and why.',
  },
  ppi: {
    term: 'prediction-powered estimate',
    short:
      'PPI: the run’s judge verdicts corrected verdict by verdict by labels of the same run’s answers. Valid only for labels drawn from the run being corrected.',
  },
  rogan_gladen: {
    term: 'Rogan-Gladen',
    short:
      'Corrects a pass rate with the judge’s TPR and TNR measured on other runs: valid when the judge errs at the same rates whatever the pass rate.',
  },
  kappa: {
    term: 'κ / α',
    short:
      'Agreement between reviewers beyond chance: Cohen’s κ for two, Krippendorff’s α for more; 1 is perfect, 0 is chance. No interval below 20 shared items.',
  },
  regressed: {
    term: 'regressed',
    short:
      'A question whose pass rate dropped significantly (runs as the unit, Benjamini-Hochberg over the questions) by at least the smallest drop worth reporting (10 points by default). Fixed: the same, upward.',
  },
  flaky: {
    term: 'flaky',
    short:
      'A question whose verdict flips from run to run more than its repeats explain. Noisy: it flips, but its repeats explain it.',
  },
  quarantine: {
    term: 'quarantine',
    short: 'Questions a target still runs, scores and shows, but leaves out of its gate; the verdict names them.',
  },
  drift_window: {
    term: 'drift window',
    short:
      'The judge’s TPR and TNR over 7 days of labels; a trusted judge whose latest window falls under the trust rule becomes failing.',
  },
  length_bias: {
    term: 'length bias',
    short:
      'Whether the judge scores longer answers higher: Spearman’s r of score against length, over distinct answers.',
  },
  adaptive_repeats: {
    term: 'adaptive repeats',
    short:
      'Repeats that stop once a question’s verdict is settled; the gate counts each question’s verdict, which stopping early cannot bias, within the stated bound.',
  },
  active_labeling: {
    term: 'active labeling',
    short:
      'Labelling next the stratum (judge passed / judge failed) whose label is expected to narrow the corrected pass rate’s interval most, in the queue’s random order within it, so the labels stay a fair sample.',
  },
  settle: {
    term: 'to settle it',
    short:
      'When an interval straddles a gate’s threshold: about how many more agreed labels or judged answers would make it clear the threshold, if the estimate holds (from the same model the interval comes from).',
  },
  cochran: {
    term: 'labels needed',
    short:
      'How many labels give TPR/TNR within the margin of error at the confidence set in settings (Cochran’s formula).',
  },
} as const satisfies Readonly<Record<string, GlossaryEntry>>;

export type TermId = keyof typeof GLOSSARY;

export const TERM_IDS = Object.keys(GLOSSARY) as TermId[];

export const isTermId = (id: string | undefined): id is TermId => id !== undefined && Object.hasOwn(GLOSSARY, id);

/** Terms linked wherever they appear in free text (grader reasons, check lines); the capture keeps them in split(). */
const IN_TEXT = /\b(weighted_avg|any_pass|all_pass|chrF\+{0,2})(?![\w+])/;

export type TextPart = string | Readonly<{ term: TermId; text: string }>;

/** Splits text so the terms of art in it can be shown with their definition. */
export function termsInText(text: string): TextPart[] {
  return text
    .split(IN_TEXT)
    .map((part, index): TextPart =>
      // split() puts each captured term at an odd index, between the texts around it.
      index % 2 === 1 ? { term: part.startsWith('chrF') ? 'chrf' : (part as TermId), text: part } : part,
    )
    .filter((part) => part !== '');
}
