// The axis a sparkline draws its points on, fitted to them so a small change of a high score still shows.
/**
 * The axis the points are drawn on: their own range, padded by a tenth on each side and at least 5% of the scale wide,
 * kept inside 0–max. A flat series sits mid-height.
 */
export function fittedAxis(values: readonly number[], max: number): [number, number] {
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const span = Math.max(highest - lowest, max * 0.05);
  const middle = (lowest + highest) / 2;
  let low = Math.max(0, middle - span * 0.6);
  let high = Math.min(max, middle + span * 0.6);
  if (high - low < span)
    [low, high] = low === 0 ? [0, Math.min(max, span * 1.2)] : [Math.max(0, max - span * 1.2), max];
  return [low, high];
}
