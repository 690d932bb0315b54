/** Body-mass index from height in inches and weight in pounds: 703 × lb / in², one decimal. */
export function bmiOf(heightInches: number, weightPounds: number): number | null {
  if (!Number.isFinite(heightInches) || !Number.isFinite(weightPounds)) return null;
  if (heightInches <= 0 || weightPounds <= 0) return null;
  return Math.round(((703 * weightPounds) / (heightInches * heightInches)) * 10) / 10;
}
