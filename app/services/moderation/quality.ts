/**
 * The engine's quality measured against the agents' decisions (learning.server.ts computes it,
 * /moderation shows it). Plain types: the screen's component imports them too.
 */
export type EngineQuality =
  | { enough: false; decisions: number }
  | {
      enough: true;
      decisions: number;
      /** Flagged and blacklisted / flagged and decided. */
      precision: number;
      /** Flagged and blacklisted / blacklisted among scored listings. */
      recall: number;
      truePositives: number;
      falsePositives: number;
      falseNegatives: number;
    };
