// One notation for every p- and q-value a sentence reports: three decimals, or "< 0.001" below that.

/** "p = 0.034", "p < 0.001", "BH q = 1.000": `name` and the value in the one notation. */
export function pValueText(name: string, value: number): string {
  return value < 0.001 ? `${name} < 0.001` : `${name} = ${value.toFixed(3)}`;
}
