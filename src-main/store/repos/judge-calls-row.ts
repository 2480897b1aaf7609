// A row of the judge_calls table as SQLite returns it: what the results and the judges repos read.
export type JudgeCallsRow = {
  id: number;
  run_id: string | null;
  result_id: number | null;
  question_id: string | null;
  grader_id: string;
  provider: string;
  model: string;
  template_version: string;
  prompt: string;
  response_seen: string;
  raw_answer: string | null;
  score: number | null;
  reason: string | null;
  error: string | null;
  settings_json: string | null;
  latency_ms: number | null;
  metrics_json: string | null;
  created_at: number;
};
