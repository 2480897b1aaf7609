// The length-bias probe in plain words: does the judge score longer answers higher, with Spearman's r and its interval.
import type { JudgeProbes } from '../../../src-shared/contract/judge-probes.contract';

export function LengthBiasProbe({ grader, bias }: { grader: string; bias: JudgeProbes['lengthBias'] }) {
  return (
    <div className="length-bias" data-testid={`length-bias-${grader}`}>
      <h3>Length bias</h3>
      {bias ? (
        <>
          <p>{bias.words.charAt(0).toUpperCase() + bias.words.slice(1)}.</p>
          <p className="muted rate-words">
            Judge score against answer length (characters) over its stored calls by the current judge; a{' '}
            {Math.round(bias.confidence * 100)}% interval (Fisher z).
          </p>
        </>
      ) : (
        <p className="muted">Nothing to measure yet: it needs 4 scored calls whose scores and lengths vary.</p>
      )}
    </div>
  );
}
