#!/bin/bash
# The CLI's outputs on the example, for checking that a refactor changes none (docs/house-style.md, Tests): runs 34
# commands of one build (CHECKOUT/bin/ai-eval.js, after `npm run build:cli`) on a fresh example workspace and writes each
# one's exit code, stdout and stderr to OUT/NN-name.txt, with run ids, uuids, paths, times and dates masked and progress
# lines dropped. Two runs of one build give the same files; `diff -r` two OUTs to compare builds.
# Usage: scripts/cli-outputs.sh CHECKOUT OUT
set -u
[ $# -eq 2 ] || { echo "usage: scripts/cli-outputs.sh CHECKOUT OUT" >&2; exit 2; }
CLI=(node "$(realpath "$1")/bin/ai-eval.js")
OUT=$(realpath -m "$2")
rm -rf "$OUT" && mkdir -p "$OUT"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 2

RUN_ID='\b20[0-9]{6}-[0-9]{6}-[0-9a-f]{6}\b'
MASKS=(
  -e '/[0-9]+\/[0-9]+ \([0-9]+%\)  avg/d'
  -e "s#$W#<W>#g"
  -e "s/$RUN_ID/<run>/g"
  -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g'
  -e 's/\b(run|r|cand|job)[-_][0-9a-zA-Z_-]{6,}/<id>/g'
  -e 's/[0-9]+(\.[0-9]+)? ?(ms|s)\b/<t>/g'
  -e 's/20[0-9]{2}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+Z?/<date>/g'
  -e 's/"(createdAt|finishedAt|startedAt|durationMs|latencyMs|evaluationTimestamp|retrievedTimestamp|at)": *[0-9.]+/"\1": <n>/g'
)
n=0
# step NAME COMMAND…: runs the command; its raw stdout stays in last.out for the next step to read ids from.
step() {
  local name=$1 file
  shift
  n=$((n + 1))
  file="$OUT/$(printf %02d "$n")-$name.txt"
  "$@" >last.out 2>last.err </dev/null
  { echo "exit $?"; cat last.out last.err; } >"$file"
  sed -i -E "${MASKS[@]}" "$file"
}
first_run_id() { grep -oE "$RUN_ID" last.out | head -1; }

WS=(--workspace ws)
step init "${CLI[@]}" init ws
step validate "${CLI[@]}" validate "${WS[@]}"
step validate-json "${CLI[@]}" validate "${WS[@]}" --json
step judges "${CLI[@]}" judges "${WS[@]}"
step judges-json "${CLI[@]}" judges "${WS[@]}" --json
step run1 "${CLI[@]}" run "${WS[@]}" --target helpdesk_chat_offline --target helpdesk_agent_offline --concurrency 1
RUN1=$(first_run_id)
step run2 "${CLI[@]}" run "${WS[@]}" --target helpdesk_chat_offline --concurrency 1 --json run2.json --junit run2.xml
RUN2=$(first_run_id)
step run2-json cat run2.json
step run2-junit cat run2.xml
step compare "${CLI[@]}" compare "${WS[@]}" "$RUN1" "$RUN2"
step compare-json "${CLI[@]}" compare "${WS[@]}" "$RUN1" "$RUN2" --json
step regrade "${CLI[@]}" regrade "${WS[@]}" "$RUN1"
step history "${CLI[@]}" history "${WS[@]}"
step history-json "${CLI[@]}" history "${WS[@]}" --json
step distill "${CLI[@]}" distill "${WS[@]}"
step import-traces "${CLI[@]}" import-traces "${WS[@]}" ws/traces/*
step traces "${CLI[@]}" traces "${WS[@]}"
step traces-json "${CLI[@]}" traces "${WS[@]}" --json --limit 5
step sample-traces "${CLI[@]}" sample-traces "${WS[@]}" --grader accuracy_grader --n 10 --seed 7
step label-list "${CLI[@]}" label "${WS[@]}" --grader accuracy_grader
step validate-judge "${CLI[@]}" validate-judge "${WS[@]}" --grader accuracy_grader
step quarantine "${CLI[@]}" quarantine "${WS[@]}" --target helpdesk_chat_offline
step export "${CLI[@]}" export-envelope "${WS[@]}" --output-dir out
mapfile -t ENVELOPES < <(find out -name '*.json' -not -name '*samples*' | sort)
step import "${CLI[@]}" import-envelope "${WS[@]}" "${ENVELOPES[@]}"
step regrade-help "${CLI[@]}" regrade --help
for command in run compare traces label history optimize export-envelope; do
  step "help-$command" "${CLI[@]}" "$command" --help
done
step bad-flag "${CLI[@]}" run "${WS[@]}" --no-such-flag
step bad-ws "${CLI[@]}" validate --workspace does-not-exist
