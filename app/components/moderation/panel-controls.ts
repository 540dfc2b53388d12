import { MODERATION_BATCH_SIZE, MODERATION_MAX_BATCHES } from "~/config";
import { MODERATION_TEXT } from "~/services/moderation/moderation-texts";
import { formatNumber } from "~/utils/format";

export type PanelState = {
  /** False until the panel knows its counts (the dashboard fetches them after the first paint). */
  loaded: boolean;
  pending: number;
  withoutConfidence: number;
  /** A run of this user is open (or being started). */
  running: boolean;
  /** The last run left listings pending: the one-batch button reads 'Continuer (N restantes)'. */
  continuing: boolean;
};

export type PanelControl = { unavailable: boolean; explanation: string };

export type PanelControls = Record<"auto" | "stop" | "reanalyze" | "dedupe" | "reset", PanelControl> & {
  batch: PanelControl & { label: string };
};

const RUN_IN_PROGRESS = "Une modération est en cours : attendez sa fin ou arrêtez-la.";
const MAINTENANCE_DURING_RUN = "Indisponible pendant une modération.";
const LOADING = "Chargement...";

/**
 * Which controls of the moderation panel can be used now, and the one line under each that says
 * what it does or, when it cannot be used, why. Pure, so that every state is tested without a page.
 */
export function panelControls(state: PanelState): PanelControls {
  const { loaded, pending, withoutConfidence, running, continuing } = state;
  const launchBlocked = running ? RUN_IN_PROGRESS : !loaded ? LOADING : null;
  const cap = MODERATION_BATCH_SIZE * MODERATION_MAX_BATCHES;
  return {
    auto: launch(launchBlocked, pending, MODERATION_TEXT.nothingToModerate, () =>
      pending > cap
        ? `Modère ${formatNumber(cap)} des ${formatNumber(pending)} annonces qui attendent l'analyse IA (${formatNumber(MODERATION_MAX_BATCHES)} lots de ${formatNumber(MODERATION_BATCH_SIZE)}), lot après lot.`
        : pending === 1
          ? "Modère l'annonce qui attend l'analyse IA."
          : `Modère les ${formatNumber(pending)} annonces qui attendent l'analyse IA, lot de ${formatNumber(MODERATION_BATCH_SIZE)} après lot, jusqu'à la fin.`,
    ),
    batch: {
      label: continuing ? `Continuer (${formatNumber(pending)} restantes)` : "Lancer la modération IA",
      ...launch(launchBlocked, pending, MODERATION_TEXT.nothingToModerate, () =>
        continuing
          ? `Seulement le lot suivant (${formatNumber(MODERATION_BATCH_SIZE)} annonces au plus) ; « Modération Auto Complète » reprend tout le reste.`
          : `Un seul lot (${formatNumber(MODERATION_BATCH_SIZE)} annonces au plus), pour vérifier les verdicts avant de tout modérer.`,
      ),
    },
    stop: running
      ? { unavailable: false, explanation: "Arrête la modération en cours ; les annonces déjà analysées gardent leur verdict." }
      : { unavailable: true, explanation: "Disponible seulement pendant une modération." },
    reanalyze: launch(launchBlocked, withoutConfidence, MODERATION_TEXT.nothingToReanalyze, () =>
      withoutConfidence === 1 ? "Analyse l'annonce suspecte sans note IA." : `Analyse les ${formatNumber(withoutConfidence)} annonces suspectes sans note IA.`,
    ),
    dedupe: maintenance(running, "Garde l'annonce la plus ancienne de chaque référence en double et supprime les autres, après confirmation."),
    reset: maintenance(running, "Remet vos annonces non blacklistées en attente IA et efface leurs analyses, après confirmation."),
  };
}

function launch(blocked: string | null, available: number, nothing: string, explain: () => string): PanelControl {
  if (blocked) return { unavailable: true, explanation: blocked };
  if (available === 0) return { unavailable: true, explanation: nothing };
  return { unavailable: false, explanation: explain() };
}

function maintenance(running: boolean, explanation: string): PanelControl {
  return running ? { unavailable: true, explanation: MAINTENANCE_DURING_RUN } : { unavailable: false, explanation };
}
