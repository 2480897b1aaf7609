// Text sparklines for markdown: one block character per value on a fixed scale, so runs compare across summaries.

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
/** A value that is missing (a run with nothing scored). */
export const GAP = '·';

/** `values` on the scale [min, max] (clamped): min → ▁, max → █; null → ·. */
export function sparkline(values: readonly (number | null)[], min: number, max: number): string {
  return values
    .map((value) => {
      if (value === null) return GAP;
      const share = max > min ? (Math.min(max, Math.max(min, value)) - min) / (max - min) : 0;
      return BLOCKS[Math.min(BLOCKS.length - 1, Math.floor(share * BLOCKS.length))];
    })
    .join('');
}
