/**
 * The staking flow's screen rules (spec 03 §2 Staking, §3 Stake, §5 stake amount, §7 staking service), pure: which
 * way the flow goes (chosen by its title), which handle pays with bundled transactions, the actions to sign (a proxy
 * vote first when the account neither votes nor proxies: FIO refuses a stake then), the amount limit of each way, and
 * the APR and dates as the interface language writes them. The amount rules themselves are chain-fio's.
 */
import { formatPercent } from '@secux-companion/core';
import { stakeAmountProblem } from '@secux-companion/chain-fio';
import { sortHandles } from './domain/model';

/** The flow's title: 'Stake Process' selects staking, any other title unstaking (spec 03 §2). */
export const STAKE_PROCESS = 'Stake Process';
export const UNSTAKE_PROCESS = 'Unstake Process';
export type StakeTitle = typeof STAKE_PROCESS | typeof UNSTAKE_PROCESS;
export type StakeMode = 'stake' | 'unstake';

export function stakeModeOf(title: string): StakeMode {
  return title === STAKE_PROCESS ? 'stake' : 'unstake';
}

export type StakeStepKind = 'proxyVote' | 'stakeFioTokens' | 'unStakeFioTokens';

/**
 * What is signed, in order: staking by an account that neither votes nor proxies first proxies its vote (as FIO's
 * own tools do), then stakes; unstaking is one action (staked tokens mean the account already votes).
 */
export function stakePlan(mode: StakeMode, voted: boolean): StakeStepKind[] {
  if (mode === 'unstake') return ['unStakeFioTokens'];
  return voted ? ['stakeFioTokens'] : ['proxyVote', 'stakeFioTokens'];
}

/**
 * The handle whose bundled transactions pay the plan: the first (the default 'secux' domain first, as the Domain
 * page lists them) with enough bundles left; '' when none has, and the fees are then paid in FIO.
 */
export function payingHandle(
  handles: readonly { handle: string; bundled: number }[],
  needed: number,
): string {
  return sortHandles(handles).find((h) => h.bundled >= needed)?.handle ?? '';
}

/**
 * The amount problem of the form: staking spends from the available balance, which also pays the fees in FIO;
 * unstaking takes from the staked balance while the fees still come from the available one.
 */
export function stakeFormProblem(
  mode: StakeMode,
  text: string,
  balances: { available: bigint; staked: bigint },
  fees: bigint,
): ReturnType<typeof stakeAmountProblem> {
  if (mode === 'stake') {
    const room = balances.available - fees;
    return stakeAmountProblem(text, room > 0n ? room : 0n);
  }
  const problem = stakeAmountProblem(text, balances.staked);
  if (problem) return problem;
  return fees > balances.available ? 'insufficient' : null;
}

/** The 7-day APR as a percentage with 2 decimals in the interface language ('12.35%', '12,35 %'); null stays null. */
export function aprText(apr: number | null, language: string): string | null {
  if (apr === null || !Number.isFinite(apr)) return null;
  return formatPercent(apr, 2, language);
}

/** A date and time in the interface language (the unlock moment of unstaked FIO). */
export function dateTimeText(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
