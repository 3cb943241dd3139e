/**
 * Strategy generation: `count` draft items that cover the portfolio's pilares × angulos × formatos and the
 * four funnel phases as evenly as possible. Pure, so it is unit-tested on its own.
 */
export const funnelPhases = ['awareness', 'consideration', 'conversion', 'loyalty'] as const;
export const awarenessLevels = ['unaware', 'problemAware', 'solutionAware', 'productAware'] as const;
export type FunnelPhase = (typeof funnelPhases)[number];
export type AwarenessLevel = (typeof awarenessLevels)[number];

export interface StrategySlot {
  pilar: string | null;
  angulo: string | null;
  format: string | null;
  funnelPhase: FunnelPhase;
  awarenessLevel: AwarenessLevel;
}

const orNull = (list: readonly string[]) => (list.length > 0 ? list : [null]);

export function planStrategy(
  count: number,
  dims: { pilares: readonly string[]; angulos: readonly string[]; formatos: readonly string[] },
): StrategySlot[] {
  const combos: Array<[string | null, string | null, string | null]> = [];
  for (const p of orNull(dims.pilares))
    for (const a of orNull(dims.angulos)) for (const f of orNull(dims.formatos)) combos.push([p, a, f]);
  // Walk the combinations diagonally so that each pilar/angulo/formato is used as evenly as possible,
  // and shift the phase per round so combinations do not always meet the same phase.
  const order = diagonal(combos, dims);
  return Array.from({ length: count }, (_, i) => {
    const [pilar, angulo, format] = order[i % order.length]!;
    const round = Math.floor(i / order.length);
    const phase = (i + round) % funnelPhases.length;
    return {
      pilar,
      angulo,
      format,
      funnelPhase: funnelPhases[phase]!,
      awarenessLevel: awarenessLevels[phase]!,
    };
  });
}

/** Orders combinations so that consecutive ones differ in every dimension when possible. */
function diagonal<T extends [string | null, string | null, string | null]>(
  combos: T[],
  dims: { pilares: readonly string[]; angulos: readonly string[]; formatos: readonly string[] },
): T[] {
  const np = Math.max(1, dims.pilares.length);
  const na = Math.max(1, dims.angulos.length);
  const nf = Math.max(1, dims.formatos.length);
  const out: T[] = [];
  const used = new Set<number>();
  for (let k = 0; out.length < combos.length; k++) {
    for (let i = 0; i < combos.length && out.length < combos.length; i++) {
      const p = i % np;
      const a = (i + k) % na;
      const f = (i + k * 2) % nf;
      const index = p * na * nf + a * nf + f;
      if (!used.has(index)) {
        used.add(index);
        out.push(combos[index]!);
      }
    }
    if (k > combos.length * 3) {
      for (let i = 0; i < combos.length; i++) if (!used.has(i)) out.push(combos[i]!);
      break;
    }
  }
  return out;
}
