/**
 * Measurements of a rendered or decoded loop, and the checks they must pass.
 */

export function rms(x) {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s / x.length);
}

const db = (v) => 20 * Math.log10(Math.max(v, 1e-12));

/** Levels and the seam: the step from the last sample to the first, against ordinary steps. */
export function analyse(x) {
  let peak = 0;
  let sum = 0;
  const steps = new Float64Array(x.length - 1);
  for (let i = 0; i < x.length; i++) {
    peak = Math.max(peak, Math.abs(x[i]));
    sum += x[i];
    if (i > 0) steps[i - 1] = Math.abs(x[i] - x[i - 1]);
  }
  steps.sort();
  return {
    peakDb: db(peak),
    rmsDb: db(rms(x)),
    dc: sum / x.length,
    seam: Math.abs(x[0] - x[x.length - 1]),
    stepP99: steps[Math.floor(steps.length * 0.99)],
  };
}

export function problems(m) {
  const out = [];
  if (m.peakDb >= -1) out.push(`peak ${m.peakDb.toFixed(2)} dBFS is not below -1`);
  if (m.rmsDb < -24 || m.rmsDb > -16) out.push(`RMS ${m.rmsDb.toFixed(2)} dBFS outside -24..-16`);
  if (Math.abs(m.dc) > 1e-3) out.push(`DC offset ${m.dc.toExponential(2)}`);
  if (m.seam > m.stepP99) out.push(`seam step ${m.seam.toFixed(4)} > p99 step ${m.stepP99}`);
  return out;
}
